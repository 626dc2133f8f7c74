# debug-kernel: no
# After a random workload (fio zonemode=zbd writes, then zone resets,
