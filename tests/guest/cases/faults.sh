# core: yes
# Faults: a libblkzone write over an injected bad block (null_blk) fails
# with EIO; a write that scsi_debug carries out but answers with an injected
# error fails, and the cache must not keep the old write pointer; zones
# rescanned while fio writes (scsi_debug, and NVMe through a controller
# rescan); a disk deleted while zonectl reports it (a second scsi_debug
# host) makes zonectl fail with one line, not a crash.  After each, the
# cached report equals the device report; run.sh fails the run on any
# kernel warning.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
. "$here/devices.sh"
tmp=$(mktemp -d)
zonectl_zones "$DEV" > "$tmp/zones"
first=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/zones")
zsz=$(head -1 "$tmp/zones" | cut -d' ' -f2)
lbs=$(cat /sys/block/$(basename "$DEV")/queue/logical_block_size)
sd=/sys/bus/pseudo/drivers/scsi_debug

bad_block_write() {
	local bad=$((first + 1)) bb
	bb="$((bad * zsz + 8))-$((bad * zsz + 15))"
	echo "+$bb" > "$NULLB_CONFIGFS/badblocks"
	echo "write $bad $((16384 / lbs))" > "$tmp/script"
	zone-script "$DEV" "$tmp/script" > /dev/null 2> "$tmp/err"
	echo "-$bb" > "$NULLB_CONFIGFS/badblocks"
	tap_is "a libblkzone write over a bad block fails with EIO" \
		"$(grep -c "write $bad .*: Input/output error" "$tmp/err")" 1 ||
		tap_diag "$(cat "$tmp/err")"
	check_cached "a failed libblkzone write"
}

# scsi_debug's DIX error injection (opts 0x40, on every command with
# every_nth 1): the write reaches the medium and moves the write pointer,
# then the command fails with a protection error.
injected_write_error() {
	local zone=$((first + 2)) sectors=$((16384 / 512))
	echo "write $zone $((16384 / lbs))" > "$tmp/script"
	echo 1 > $sd/every_nth
	echo 0x40 > $sd/opts
	zone-script "$DEV" "$tmp/script" > /dev/null 2> "$tmp/err"
	echo 0 > $sd/opts
	echo 0 > $sd/every_nth
	tap_is "a libblkzone write answered with an injected error fails" \
		"$(grep -c "write $zone .*: " "$tmp/err") $(grep -c "write $zone .*: ok" "$tmp/err")" "1 0"
	tap_diag "$(cat "$tmp/err")"
	tap_is "the failed write moved the device's write pointer" \
		"$(zonectl_zones "$DEV" | sed -n "$((zone + 1))p" | cut -d' ' -f4)" "$sectors"
	check_cached "a write answered with an injected error"
}

# rescan_under_writes SYSFS_FILE: zones revalidated through SYSFS_FILE
# (the disk's or its controller's rescan) ten times while fio writes.
rescan_under_writes() {
	local i
	fio --name=rescan --filename="$DEV" --direct=1 --zonemode=zbd \
		--rw=write --bs=$((lbs * 8)) --ioengine=psync \
		--offset=$((first * zsz * 512)) --size=$((4 * zsz * 512)) \
		--time_based --runtime=4 --output=/dev/null &
	for i in $(seq 10); do
		echo 1 > "$1"
		sleep 0.3
	done
	wait
	tap_is "the disk is still there after 10 rescans" \
		"$(zonectl_zones "$DEV" | wc -l)" "$(wc -l < "$tmp/zones")"
	check_cached "rescans under writes"
}

# The disk of a second scsi_debug host, deleted while zonectl reports it.
delete_during_report() {
	local new rc
	new=$(scsi_debug_add_host) || { tap_result 1 "a second scsi_debug host"; return; }
	(
		for i in $(seq 3000); do
			zonectl report "$new" > /dev/null 2> "$tmp/report.err" || exit $?
		done
	) &
	sleep 0.5
	echo 1 > "/sys/block/$(basename "$new")/device/delete"
	wait $!
	rc=$?
	tap_is "zonectl on a deleted disk ends with status 1" "$rc" 1
	tap_is "with one line naming the disk" \
		"$(wc -l < "$tmp/report.err") $(grep -c "$new" "$tmp/report.err")" "1 1" ||
		tap_diag "$(cat "$tmp/report.err")"
	echo -1 > $sd/add_host
	check_cached "another disk deleted"
}

# skip WHAT WHY: a TAP skip for a fault this disk has no way to inject.
skip() {
	echo "ok $((tap_count += 1)) - $1 # SKIP $2"
}

device=/sys/block/$(basename "$DEV")/device
if [ -n "${NULLB_CONFIGFS:-}" ]; then
	bad_block_write
elif [ -e "$device/rescan" ] && [ -e $sd/add_host ]; then
	injected_write_error
	rescan_under_writes "$device/rescan"
	delete_during_report
elif [ -e "$device/rescan_controller" ]; then
	# NVMe: the namespace's device is its controller.
	skip "a write answered with an injected error" \
		"QEMU's NVMe has no error injection"
	rescan_under_writes "$device/rescan_controller"
	skip "a disk deleted while zonectl reports it" \
		"needs a spare disk to delete: scsi_debug's add_host makes one, QEMU's NVMe controllers are fixed at boot"
else
	echo "1..0 # SKIP no fault injection for this disk"
	exit 0
fi
rm -rf "$tmp"
tap_done
