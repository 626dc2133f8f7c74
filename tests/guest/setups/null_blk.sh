# null_blk zoned, memory backed: 256 zones of 4 MiB, the first 4 conventional.
setup_args="nr_devices=1 zoned=1 zone_size=4 zone_nr_conv=4 gb=1 memory_backed=1"
setup_dev() { null_blk_add $setup_args; }
teardown_dev() { module_remove null_blk; }
