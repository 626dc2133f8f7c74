# scsi_debug host-aware: 64 zones of 4 MiB, the first 2 conventional.
# Linux 6.10 and later drive host-aware disks as regular ones.
# A variant of scsi_debug-hm: the core cases (BLKZONE_CORE_ON_VARIANTS).
VARIANT_OF=scsi_debug-hm
case ${BLKZONE_KERNEL_VERSION:-6.1} in
6.1) export EXPECT_ZONED=host-aware ;;
*) export EXPECT_ZONED=none ;;
esac
setup_dev() { scsi_debug_add zbc=host-aware zone_size_mb=4 zone_nr_conv=2 dev_size_mb=256; }
teardown_dev() { module_remove scsi_debug; }
