# debug-kernel: no
# zonectl report equals blkzone report, zone by zone, before and after
