# scsi_debug host-managed: 64 zones of 4 MiB, the first 4 conventional.
export EXPECT_ZONED=host-managed
setup_dev() { scsi_debug_add zbc=host-managed zone_size_mb=4 zone_nr_conv=4 dev_size_mb=256; }
teardown_dev() { module_remove scsi_debug; }
