# regular-disk: yes
# needs-series: yes
# sd's reset_wp provisioning mode: on a zoned disk a discard that covers a
# whole sequential zone resets it; parts of zones and conventional zones
# are left untouched; the default (discard off) is unchanged.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)
name=$(basename "$DEV")
queue=/sys/block/$name/queue
mode_file=$(ls /sys/block/"$name"/device/scsi_disk/*/provisioning_mode 2>/dev/null)
if [ -z "$mode_file" ]; then
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

if [ "$first_seq" -gt 0 ]; then
	dd if=/dev/urandom of="$tmp/conv" bs=64k count=1 status=none
	dd if="$tmp/conv" of="$DEV" bs=64k oflag=direct status=none
fi
tap_run "blkdiscard of the whole disk" blkdiscard "$DEV"
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
