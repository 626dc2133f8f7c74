# scsi_debug host-aware: 64 zones of 4 MiB, the first 2 conventional.
export EXPECT_ZONED=host-aware
setup_dev() { scsi_debug_add zbc=host-aware zone_size_mb=4 zone_nr_conv=2 dev_size_mb=256; }
teardown_dev() { module_remove scsi_debug; }
