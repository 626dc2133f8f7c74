# null_blk zoned, memory backed: 256 zones of 4 MiB with a capacity of
# 3 MiB, the first 4 conventional.
# A variant of null_blk-configfs: the core cases (BLKZONE_CORE_ON_VARIANTS).
VARIANT_OF=null_blk-configfs
export EXPECT_ZONED=host-managed EXPECT_SMALL_CAP=1
# No open or active zone limit of its own.
export EXPECT_NO_ZONE_LIMITS=1
setup_dev() { null_blk_add nr_devices=1 zoned=1 zone_size=4 zone_capacity=3 zone_nr_conv=4 gb=1 memory_backed=1; }
teardown_dev() { module_remove null_blk; }
