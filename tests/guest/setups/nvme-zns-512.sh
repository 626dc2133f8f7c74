# NVMe ZNS (QEMU, tests/guest/boot.sh): 512-byte blocks, 64 zones of
# 8 MiB at full capacity, no open or active limits, no scheduler.
# A variant of nvme-zns: the core cases (BLKZONE_CORE_ON_VARIANTS).
VARIANT_OF=nvme-zns
export EXPECT_ZONED=host-managed EXPECT_LBS=512 EXPECT_CLOSED_EMPTY=1
export EXPECT_MAX_OPEN=0 EXPECT_MAX_ACTIVE=0
setup_dev() { nvme_zns_setup blkzone-zns512 none; }
teardown_dev() { nvme_zns_teardown "$(nvme_ns_by_serial blkzone-zns512)"; }
