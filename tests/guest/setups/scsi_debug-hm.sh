# scsi_debug host-managed: 64 zones of 4 MiB, the first 4 conventional.
setup_args="zbc=host-managed zone_size_mb=4 zone_nr_conv=4 dev_size_mb=256"
setup_dev() { scsi_debug_add $setup_args; }
teardown_dev() { module_remove scsi_debug; }
