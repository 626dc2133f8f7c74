# scsi_debug with a random geometry: host-managed or host-aware (6.1), 512 or
# 4096-byte sectors, zones of 1 to 8 MiB, 0 to 4 conventional zones, 16 to
# 64 zones, and sometimes a smaller last zone.  (scsi_debug makes a zone
# capacity below the zone size with gap zones, which sd in 6.1 refuses:
# the null_blk setups cover smaller capacities.)  BLKZONE_SEED=N repeats a
# geometry; the seed and geometry go to the console and the results.
# A variant of scsi_debug-hm: the core cases (BLKZONE_CORE_ON_VARIANTS).
VARIANT_OF=scsi_debug-hm
seed=${BLKZONE_SEED:-$(( $(date +%s%N) % 32768 ))}
RANDOM=$seed
# No $(...) around RANDOM: bash reseeds it in a subshell, and the seed
# would not repeat the geometry.
geo_model=host-managed
[ $((RANDOM % 2)) -eq 0 ] || geo_model=host-aware
# Linux 6.10 and later drive host-aware disks as regular ones, which
# scsi_debug-ha covers: the random disk stays host-managed there.
[ "${BLKZONE_KERNEL_VERSION:-6.1}" = 6.1 ] || geo_model=host-managed
geo_lbs=512
[ $((RANDOM % 2)) -eq 0 ] || geo_lbs=4096
geo_zone_mb=$((1 << (RANDOM % 4)))
geo_conv=$((RANDOM % 5))
geo_size_mb=$(( (16 + RANDOM % 49) * geo_zone_mb ))
if [ $((RANDOM % 2)) -eq 0 ] && [ "$geo_zone_mb" -gt 1 ]; then
	geo_size_mb=$((geo_size_mb + geo_zone_mb / 2))
	export EXPECT_SMALL_LAST=1
fi
export EXPECT_ZONED=$geo_model EXPECT_LBS=$geo_lbs
geo_params="zbc=$geo_model sector_size=$geo_lbs zone_size_mb=$geo_zone_mb zone_nr_conv=$geo_conv dev_size_mb=$geo_size_mb"
SETUP_NOTE="seed $seed: $geo_params"
echo "setup scsi_debug-random: $SETUP_NOTE" >&2
setup_dev() { scsi_debug_add $geo_params; }
teardown_dev() { module_remove scsi_debug; }
