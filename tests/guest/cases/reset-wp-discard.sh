# core: yes
# regular-disk: yes
# needs-series: yes
# kernels: 6.1
# sd's reset_wp provisioning mode: on a zoned disk a discard that covers a
# whole sequential zone resets it; parts of zones and conventional zones
# are left untouched; the default (discard off) is unchanged.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)
name=$(basename "$DEV")
queue=/sys/block/$name/queue
mode_file=$(ls /sys/block/"$name"/device/scsi_disk/*/provisioning_mode 2>/dev/null)
# no_zones: discard's granularity, the zone size, is kept in bytes in an
# unsigned int, so sd refuses reset_wp where the zone size is 0 or 4 GiB
# and more.  scsi_debug cannot make zones of 4 GiB (its REPORT ZONES
# fails): asked to, it makes a zoned disk without zones, which must refuse
# reset_wp by the same test.  Needs its own scsi_debug disk: done once, on
# the null_blk setup, where no scsi_debug is loaded.
no_zones() {
	local dev name file
	dev=$(scsi_debug_add zbc=host-managed zone_size_mb=4096 zone_nr_conv=0 \
		virtual_gb=8 dev_size_mb=8) || { tap_result 1 "a zoned disk without zones"; return; }
	name=$(basename "$dev")
	file=$(ls /sys/block/"$name"/device/scsi_disk/*/provisioning_mode)
	tap_is "a zoned disk without zones ($(cat /sys/block/"$name"/queue/nr_zones) zones)" \
		"$(cat /sys/block/"$name"/queue/zoned)" host-managed
	tap_is "it refuses reset_wp" \
		"$( (echo reset_wp > "$file") 2>&1 | sed 's/.*: //')" "Invalid argument"
	tap_is "its discard stays off" \
		"$(cat /sys/block/"$name"/queue/discard_max_bytes)" 0
	module_remove scsi_debug
}

if [ -z "$mode_file" ]; then
	if [ "$SETUP" = null_blk ] && ! lsmod | grep -q '^scsi_debug'; then
		. "$here/devices.sh"
		no_zones
		tap_done
		exit 0
	fi
	echo "1..0 # SKIP $DEV is not a SCSI disk"
	exit 0
fi

# set_mode MODE: write MODE to provisioning_mode; prints the error, if any.
set_mode() {
	(echo "$1" > "$mode_file") 2>&1 | sed 's/.*: //'
}

if [ "$EXPECT_ZONED" = none ]; then
	tap_is "reset_wp is refused on a regular disk" "$(set_mode reset_wp)" \
		"Invalid argument"
	tap_run "provisioning_mode is unchanged" test "$(cat "$mode_file")" != reset_wp
	tap_done
	exit 0
fi

tap_is "discard is off on a zoned disk by default" "$(cat "$queue/discard_max_bytes")" 0
tap_is "setting reset_wp" "$(set_mode reset_wp)" ""
tap_is "provisioning_mode reads reset_wp" "$(cat "$mode_file")" reset_wp
zone_bytes=$(($(cat "$queue/chunk_sectors") * 512))
tap_is "discard granularity is the zone size" "$(cat "$queue/discard_granularity")" "$zone_bytes"
tap_is "discard maximum is the zone size" "$(cat "$queue/discard_max_bytes")" "$zone_bytes"

zonectl_zones "$DEV" > "$tmp/zones"
first_seq=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/zones")
lbs=$(cat "$queue/logical_block_size")
zsz=$((zone_bytes / 512))

# fill ZONE: write 64 KiB at the start of an empty zone.
fill() {
	dd if=/dev/urandom of="$DEV" bs=64k count=1 oflag=direct status=none \
		seek=$(($1 * zone_bytes / 65536))
}
wp_of_zone() {
	zonectl_zones "$DEV" -O $(($1 * zsz)) -c 1 | cut -d' ' -f4
}

a=$first_seq b=$((first_seq + 1)) c=$((first_seq + 2))
fill "$a"; fill "$b"; fill "$c"
tap_run "blkdiscard of zone $a and half of zone $b" \
	blkdiscard -o $((a * zone_bytes)) -l $((zone_bytes + zone_bytes / 2)) "$DEV"
tap_is "zone $a is empty" "$(wp_of_zone "$a")" 0
tap_is "zone $b (half discarded) is untouched" "$(wp_of_zone "$b")" 128
tap_is "zone $c (not discarded) is untouched" "$(wp_of_zone "$c")" 128

# A unit attention (here after a device reset) fails the next command; a
# discard that resets nothing must not be that command's casualty.
sg_reset --device "$DEV" > /dev/null 2>&1
tap_run "after a device reset, blkdiscard of half of zone $c succeeds" \
	blkdiscard -o $((c * zone_bytes)) -l $((zone_bytes / 2)) "$DEV"
tap_is "zone $c is untouched" "$(wp_of_zone "$c")" 128

# The mode is the user's: a rescan keeps it.
echo 1 > "/sys/block/$name/device/rescan"
tap_is "after a rescan, provisioning_mode reads reset_wp" "$(cat "$mode_file")" reset_wp
tap_is "and discard maximum is the zone size" "$(cat "$queue/discard_max_bytes")" "$zone_bytes"

if [ "$first_seq" -gt 0 ]; then
	dd if=/dev/urandom of="$tmp/conv" bs=64k count=1 status=none
	dd if="$tmp/conv" of="$DEV" bs=64k oflag=direct status=none
fi
nr_zones=$(wc -l < "$tmp/zones")
last=$((nr_zones - 1))
fill "$last"
tap_run "blkdiscard of the whole disk" blkdiscard "$DEV"
if [ "${EXPECT_SMALL_LAST:-0}" = 1 ]; then
	tap_is "the smaller last zone $last is empty" "$(wp_of_zone "$last")" 0
fi
tap_is "every sequential zone is empty" \
	"$(zonectl_zones "$DEV" | awk '$5 != 1 && $6 != 1' | wc -l)" 0
if [ "$first_seq" -gt 0 ]; then
	dd if="$DEV" of="$tmp/back" bs=64k count=1 iflag=direct status=none
	tap_run "conventional zone data is untouched" cmp "$tmp/conv" "$tmp/back"
fi
check_cached "discards"

tap_is "setting disabled" "$(set_mode disabled)" ""
tap_is "discard is off again" "$(cat "$queue/discard_max_bytes")" 0
rm -rf "$tmp"
tap_done
