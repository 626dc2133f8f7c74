# null_blk zoned through configfs: 4 MiB zones, 2 conventional, and a
# smaller last zone (1026 MiB); zone_readonly, zone_offline and badblocks
# are available.
export EXPECT_ZONED=host-managed EXPECT_SMALL_LAST=1
# No open or active zone limit of its own.
export EXPECT_NO_ZONE_LIMITS=1
export NULLB_CONFIGFS=/sys/kernel/config/nullb/nullbz
setup_dev() {
	null_blk_configfs_add nullbz size=1026 blocksize=512 zoned=1 \
		zone_size=4 zone_nr_conv=2 memory_backed=1
}
teardown_dev() { null_blk_configfs_remove nullbz; }
