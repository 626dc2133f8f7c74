# scsi_debug host-managed with 4096-byte sectors: zones of 2 MiB, one
# conventional, and a smaller last zone (129 MiB).
# A variant of scsi_debug-hm: the core cases (BLKZONE_CORE_ON_VARIANTS).
VARIANT_OF=scsi_debug-hm
export EXPECT_ZONED=host-managed EXPECT_LBS=4096 EXPECT_SMALL_LAST=1
setup_dev() { scsi_debug_add zbc=host-managed sector_size=4096 zone_size_mb=2 zone_nr_conv=1 dev_size_mb=129; }
teardown_dev() { module_remove scsi_debug; }
