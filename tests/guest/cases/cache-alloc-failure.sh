# needs-series: yes
# kernels: 6.1
# setups: scsi_debug-hm null_blk-configfs nvme-zns
# A disk whose zone cache cannot be allocated keeps working without one:
# the kernel's fail_zone_cache fault attribute fails the allocation of the
# next revalidation, and the disk revalidated then reports, writes and
# resets its zones, its cached reports are device reports (on scsi_debug,
# timed: each asks the device), and the cached report equals the device
# report after each step.  The revalidated disk is a new one where only
# adding a disk revalidates (a second scsi_debug host, a null_blk made
# through configfs), the disk itself on NVMe (a controller rescan).
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
. "$here/devices.sh"
tmp=$(mktemp -d)
sd=/sys/bus/pseudo/drivers/scsi_debug
fail=/sys/kernel/debug/fail_zone_cache
nullb=/sys/kernel/config/nullb/zcfail
new=

mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
if [ ! -d "$fail" ]; then
	echo "1..0 # SKIP the kernel has no fail_zone_cache (CONFIG_FAIL_ZONE_CACHE)"
	exit 0
fi

# The fault disarmed and any disk this case added removed, whatever ends it.
cleanup() {
	echo 0 > "$fail/probability"
	echo 0 > "$ndelay_file" 2> /dev/null
	if [ -d "$nullb" ]; then
		echo 0 > "$nullb/power"
		rmdir "$nullb"
	fi
	case $new in
	/dev/sd*) echo -1 > $sd/add_host ;;
	esac
	rm -rf "$tmp"
}
ndelay_file=$sd/ndelay
trap cleanup EXIT
trap 'exit 143' TERM

# arm: the next allocation of a zone cache fails, and only that one.
arm() {
	echo 1 > "$fail/times"
	echo 1 > "$fail/interval"
	echo 1 > "$fail/verbose"
	echo 100 > "$fail/probability"
	dmesg -C
}

# new_null_blk_disk: a zoned null_blk made through configfs, memory backed.
new_null_blk_disk() {
	local kv
	mkdir "$nullb" || return 1
	for kv in zoned=1 zone_size=4 size=256 memory_backed=1; do
		echo "${kv#*=}" > "$nullb/${kv%%=*}" || return 1
	done
	echo 1 > "$nullb/power" || return 1
	for i in $(seq 50); do
		[ -b /dev/zcfail ] && echo /dev/zcfail && return 0
		sleep 0.1
	done
	return 1
}

# revalidate: the revalidation the fault is armed for; prints the disk it
# revalidated.
revalidate() {
	local device=/sys/block/$(basename "$DEV")/device
	if [ -e "$device/rescan_controller" ]; then
		echo 1 > "$device/rescan_controller"
		# The rescan runs in the controller's scan work.
		for i in $(seq 100); do
			[ "$(cat "$fail/times")" = 0 ] && break
			sleep 0.1
		done
		sleep 1
		echo "$DEV"
	elif [ -e "$device/scsi_disk" ] && [ -e $sd/add_host ]; then
		scsi_debug_add_host
	elif [ -d /sys/module/null_blk ] && [ -d /sys/kernel/config/nullb ]; then
		new_null_blk_disk
	fi
}

arm
disk=$(revalidate)
[ -n "$disk" ] || {
	echo "1..0 # SKIP no way to revalidate the zones of $DEV"
	exit 0
}
[ "$disk" = "$DEV" ] || new=$disk
tap_is "the fault was injected (times left)" "$(cat "$fail/times")" 0
tap_run "the kernel says the disk has no zone cache" \
	sh -c "dmesg | grep -q '$(basename "$disk"): no memory for a zone cache'"
echo 0 > "$fail/probability"

DEV=$disk
zsz=$(cat "/sys/block/$(basename "$DEV")/queue/chunk_sectors")
lbs=$(cat "/sys/block/$(basename "$DEV")/queue/logical_block_size")
nr=$(cat "/sys/block/$(basename "$DEV")/queue/nr_zones")
tap_is "its zones are all there" "$(zonectl_zones "$DEV" | wc -l)" "$nr"
check_cached "a revalidation without a cache"

# A sequential zone past the conventional ones, written and reset.
z=$(zonectl_zones "$DEV" | awk '$5 != 1 { print NR - 1; exit }')
tap_run "a write at the write pointer of zone $z" \
	dd if=/dev/urandom of="$DEV" bs="$lbs" count=4 \
	seek=$((z * zsz * 512 / lbs)) oflag=direct status=none
tap_is "the device report shows it" \
	"$(zonectl_zones "$DEV" | awk -v z=$((z + 1)) 'NR == z { print $4 }')" \
	$((4 * lbs / 512))
check_cached "a write without a cache"
tap_run "a reset of zone $z" blkzone reset -o $((z * zsz)) -c 1 "$DEV"
check_cached "a reset without a cache"

# scsi_debug can be slowed down: cached reports then take as long as
# device reports, since there is no cache to answer them.
if [ -n "$new" ] && [ "${new#/dev/sd}" != "$new" ] && [ -w "$ndelay_file" ]; then
	echo 200000000 > "$ndelay_file"
	report-time "$DEV" 4096 3 > "$tmp/times" 2>&1
	echo 0 > "$ndelay_file"
	tap_diag "$(cat "$tmp/times")"
	tap_run "a cached report asks the device ($(awk '$1 == "cached" { print $2 }' "$tmp/times") ms)" \
		test "$(awk '$1 == "cached" { printf "%d", $2 }' "$tmp/times")" -ge 200
fi

# On NVMe, the next revalidation allocates a cache again.
if [ -z "$new" ]; then
	echo 1 > "/sys/block/$(basename "$DEV")/device/rescan_controller"
	sleep 2
	tap_is "the next revalidation allocates a cache (no new failure)" \
		"$(dmesg | grep -c 'no memory for a zone cache')" 1
	check_cached "a revalidation with a cache again"
fi
tap_done
