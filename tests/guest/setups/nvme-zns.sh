# NVMe ZNS (QEMU, tests/guest/boot.sh): 4 KiB blocks, 512 zones of 4 MiB
# with a capacity of 3 MiB, at most 8 open and 10 active, no scheduler:
# completions reach the block layer in batches (blk_mq_end_request_batch),
# which requests that went through a scheduler never are.  NVMe has no
# conventional zones, and closing an empty open zone leaves it closed.
export EXPECT_ZONED=host-managed EXPECT_LBS=4096 EXPECT_SMALL_CAP=1
export EXPECT_MAX_OPEN=8 EXPECT_MAX_ACTIVE=10 EXPECT_CLOSED_EMPTY=1
setup_dev() { nvme_zns_setup blkzone-zns4k none; }
teardown_dev() { nvme_zns_teardown "$(nvme_ns_by_serial blkzone-zns4k)"; }
