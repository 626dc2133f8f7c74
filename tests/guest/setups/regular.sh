# A regular (not zoned) scsi_debug disk: zone interfaces must refuse it.
export EXPECT_ZONED=none
setup_dev() { scsi_debug_add dev_size_mb=64; }
teardown_dev() { module_remove scsi_debug; }
