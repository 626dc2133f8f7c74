# NVMe ZNS (QEMU, tests/guest/boot.sh), the disk of nvme-zns.sh (4 KiB
# blocks, 4 MiB zones of 3 MiB capacity, limits 8 open and 10 active)
# with mq-deadline: one request at a time per zone, and no batched
# completions.
# A variant of nvme-zns: the core cases (BLKZONE_CORE_ON_VARIANTS).
VARIANT_OF=nvme-zns
export EXPECT_ZONED=host-managed EXPECT_LBS=4096 EXPECT_SMALL_CAP=1
export EXPECT_MAX_OPEN=8 EXPECT_MAX_ACTIVE=10 EXPECT_CLOSED_EMPTY=1
setup_dev() { nvme_zns_setup blkzone-zns4k mq-deadline; }
teardown_dev() { nvme_zns_teardown "$(nvme_ns_by_serial blkzone-zns4k)"; }
