# needs-series: yes
# kernels: 6.1
# setups: scsi_debug-hm nvme-zns
# The windows in which a cached report could go wrong, held open by the
# delays of fail_zone_cache (Documentation/block/zone-cache.rst), with the
# zones changed from here inside each one:
#  1. refresh: a passthrough reset lands between the device's answer to a
#     cached report and the store-back of that answer;
#  2. revalidate, then replace: a write completes between a rescan's zone
#     report and the queue freeze that installs the new cache, and a cached
#     report reads the new cache as soon as it is published;
#  3. refresh, then a rescan: a cached report of many zones waits in its
#     first batch while a rescan replaces the cache and a write lands in a
#     later batch, which the report must then show.
# The kernel logs the entry into each window and the case waits for that,
# so the races happen on every run, not by chance.  A race whose change
# came too late (a loaded host can stretch the steps past the window) is
# tried again with the window twice as long, three times at most; each
# race asserts that its change landed inside the window.  After each one
# the cached report equals the device report.  Only NVMe replaces the cache of
# a disk in use (a controller rescan revalidates its zones; sd revalidates
# only when the zone geometry changed, null_blk only when it is created),
# so 2 and 3 run there.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)
fi_dir=/sys/kernel/debug/fail_zone_cache
# BLKZONE_RACE_DELAY_MS sets the first try's window (default 3000 ms).
delay=${BLKZONE_RACE_DELAY_MS:-3000}

mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
if [ ! -e "$fi_dir/refresh_delay_ms" ]; then
	echo "1..0 # SKIP the kernel cannot hold the zone cache's race windows open"
	exit 0
fi
. "$here/passthrough.sh"

# windows REFRESH REVALIDATE REPLACE: the delay of each window, in ms.
windows() {
	echo "$1" > "$fi_dir/refresh_delay_ms"
	echo "$2" > "$fi_dir/revalidate_delay_ms"
	echo "$3" > "$fi_dir/replace_delay_ms"
}
cleanup() {
	windows 0 0 0
	wait
	rm -rf "$tmp"
}
trap cleanup EXIT

zonectl_zones "$DEV" > "$tmp/zones"
zsz=$(head -1 "$tmp/zones" | cut -d' ' -f2)
lbs=$(cat "/sys/block/$(basename "$DEV")/queue/logical_block_size")
seq=($(awk '$5 != 1 { print NR - 1 }' "$tmp/zones"))

# entered WINDOW: how many times the kernel has entered WINDOW.
entered() {
	dmesg | grep -c "zone cache: $1 window held open"
}

# wait_window WINDOW N [PID OUTPUT]: wait until WINDOW was entered more
# than N times; fail after 60 s, or as soon as process PID (the command
# that should enter the window, printing to OUTPUT) has ended without
# entering it.
wait_window() {
	local end=$((SECONDS + 60))
	while [ "$(entered "$1")" -le "$2" ]; do
		if [ $SECONDS -ge $end ] || { [ -n "${3:-}" ] && ! kill -0 "$3" 2> /dev/null; }; then
			[ "$(entered "$1")" -gt "$2" ] && return 0
			echo "the $1 window was not entered"
			[ -z "${4:-}" ] || { echo "the command printed:"; head -5 "$4"; }
			echo "the kernel's log ends:"
			dmesg | tail -5
			return 1
		fi
		sleep 0.1
	done
}

# ioctl_cached_zones ZONE COUNT: the cached report of COUNT zones from
# ZONE, as zonectl_zones prints it, in one BLKREPORTZONEV2 call.  zonectl
# would first read the disk's geometry with cached reports of its own,
# which refresh stale zones and can enter the window before the report
# under test does.
ioctl_cached_zones() {
	zone-ioctl "$DEV" report $(($1 * zsz)) "$2" cached |
		awk '{ $4 = $5 == 1 ? 0 : $4 - $1; print }'
}

# write_start ZONE BLOCKS: write BLOCKS logical blocks at the start of
# ZONE, which is empty, without a zone report (see ioctl_cached_zones).
write_start() {
	dd if=/dev/urandom of="$DEV" bs="$lbs" count="$2" \
		seek=$(($1 * zsz * 512 / lbs)) oflag=direct status=none
}

# write_at ZONE BLOCKS: write BLOCKS logical blocks at ZONE's write pointer.
write_at() {
	local wp
	wp=$(zonectl_zones "$DEV" -z "$1" -c 1 | awk '{ print $1 + $4 }')
	dd if=/dev/urandom of="$DEV" bs="$lbs" count="$2" \
		seek=$((wp * 512 / lbs)) oflag=direct status=none
}

# wp_of FILE ZONE: the write pointer offset of ZONE in report FILE, whose
# first line is zone FIRST (default 0).
wp_of() {
	awk -v n=$(($2 - ${3:-0} + 1)) 'NR == n { print $4 }' "$1"
}

# rescan: make the disk revalidate its zones, and return at once.
rescan() {
	echo 1 > "$device/rescan_controller"
}

# snap_cached NAME: the device and the cached report now, as check_cached
# compares them, kept in $tmp/NAME.device and $tmp/NAME.cached for a
# result after the race's tries.
snap_cached() {
	zonectl_zones "$DEV" | fold_active > "$tmp/$1.device"
	zonectl_cached_zones "$DEV" > "$tmp/$1.cached"
}

# tries RACE: run the function RACE with the window's delay, doubling it
# while RACE returns 1 (its change came after the window), three times at
# most; returns RACE's last status.  $tries says how many it took.
tries() {
	local d=$delay rc
	for tries in 1 2 3; do
		"$1" "$d"
		rc=$?
		[ "$rc" -eq 1 ] || break
		d=$((d * 2))
	done
	return "$rc"
}

# stale_zone ZONE: leave ZONE empty and stale in the cache (closing an
# empty zone: ZBC empties it, NVMe keeps it closed).  Nothing may report
# the zone between this and the report that is to enter the refresh window.
stale_zone() {
	zonectl reset --force -z "$1" -c 1 "$DEV"
	zonectl open -z "$1" -c 1 "$DEV"
	zonectl close -z "$1" -c 1 "$DEV"
}

# 1. A passthrough reset between the device's answer and the store-back.
# The zone is made stale by a passthrough reset first, which every version
# of the cache treats so.
# race_refresh DELAY: 0 if the reset landed in the window, 1 if after it,
# 2 if the window was not entered (why in $tmp/why).
race_refresh() {
	local n pid rc=0
	passthrough_reset "$z"
	write_start "$z" 2
	n=$(entered refresh)
	windows "$1" 0 0
	ioctl_cached_zones "$z" 1 > "$tmp/during" 2>&1 &
	pid=$!
	if wait_window refresh "$n" $pid "$tmp/during" > "$tmp/why"; then
		passthrough_reset "$z"
		kill -0 $pid 2> /dev/null || rc=1
	else
		rc=2
	fi
	wait
	windows 0 0 0
	return $rc
}

z=${seq[0]}
tries race_refresh
rc=$?
tap_is "refresh window entered by a cached report" "$([ $rc -ne 2 ] && echo yes)" yes ||
	tap_diag "$(cat "$tmp/why")"
tap_is "the reset landed while the report waited in the window (try $tries)" "$rc" 0
zonectl_zones "$DEV" -z "$z" -c 1 > "$tmp/after"
tap_is "the reset inside the refresh window emptied the zone" \
	"$(wp_of "$tmp/after" 0)" 0
check_cached "a passthrough reset inside the refresh window"

if [ $kind != nvme ]; then
	tap_done
	exit 0
fi

# 2. A write between a rescan's report and the freeze, then a cached report
# as soon as the new cache is published.
# race_rescan DELAY: 0 if the write landed between the rescan's report
# and the publication of its cache and a cached report read the new cache
# ($tmp/during); 1 if the write came after the publication; 2 if a window
# was not entered (why in $tmp/why).
race_rescan() {
	local n m rc=0
	zonectl reset --force -z "$z" -c 1 "$DEV"
	write_at "$z" 2
	snap_cached before
	n=$(entered revalidate)
	m=$(entered replace)
	windows 0 "$1" "$1"
	rescan
	if wait_window revalidate "$n" > "$tmp/why"; then
		write_at "$z" 2
		[ "$(entered replace)" -eq "$m" ] || rc=1
		if wait_window replace "$m" > "$tmp/why"; then
			zonectl_cached_zones "$DEV" -z "$z" -c 1 > "$tmp/during"
		else
			rc=2
		fi
	else
		rc=2
	fi
	windows 0 0 0
	sleep 1
	return $rc
}

tries race_rescan
rc=$?
tap_same_file "after a write before the rescan: cached report equals device report" \
	"$tmp/before.cached" "$tmp/before.device"
tap_is "revalidate and replace windows entered by a rescan" "$([ $rc -ne 2 ] && echo yes)" yes ||
	tap_diag "$(cat "$tmp/why")"
tap_is "the write landed before the new cache was published (try $tries)" "$rc" 0
zonectl_zones "$DEV" -z "$z" -c 1 | fold_active > "$tmp/after"
tap_is "the device has both writes" "$(wp_of "$tmp/after" 0)" \
	$((4 * lbs / 512))
tap_same_file "the cached report of the new cache has the write its report missed" \
	"$tmp/during" "$tmp/after"
check_cached "a write between a rescan's report and its cache"

# 3. A cached report of more than one batch of zones, held in its first
# batch while a rescan replaces the cache and a write lands in a later
# batch.
batch=256
far=${seq[$((${#seq[@]} - 1))]}
if [ $((far - z)) -lt $batch ]; then
	tap_diag "$((far - z + 1)) zones: one batch, no later batch to write in"
	tap_done
	exit 0
fi
# race_long DELAY: 0 if a rescan replaced the cache and the write to the
# last zone landed while the long report waited in its first batch; 1 if
# the write came after the report; 2 if a window was not entered (why in
# $tmp/why).
race_long() {
	local n m pid rc=0
	passthrough_reset "$far"
	write_at "$far" 2
	snap_cached before
	# Only the first zone stale.
	stale_zone "$z"
	n=$(entered refresh)
	m=$(entered replace)
	# The replace window held for 1 ms only logs when the cache was
	# replaced.
	windows $((2 * $1)) 0 1
	ioctl_cached_zones "$z" $((far - z + 1)) > "$tmp/during" &
	pid=$!
	if wait_window refresh "$n" $pid "$tmp/during" > "$tmp/why"; then
		rescan
		if wait_window replace "$m" > "$tmp/why"; then
			write_at "$far" 2
			kill -0 $pid 2> /dev/null || rc=1
		else
			rc=2
		fi
	else
		rc=2
	fi
	wait
	windows 0 0 0
	return $rc
}

tries race_long
rc=$?
tap_same_file "after a write before the long report: cached report equals device report" \
	"$tmp/before.cached" "$tmp/before.device"
tap_is "refresh window entered by the long report, and a rescan replaced the cache" \
	"$([ $rc -ne 2 ] && echo yes)" yes || tap_diag "$(cat "$tmp/why")"
tap_is "the write landed while the report waited in its first batch (try $tries)" "$rc" 0
zonectl_zones "$DEV" -z "$far" -c 1 > "$tmp/after"
tap_is "the device has the later write" "$(wp_of "$tmp/after" 0)" \
	$((4 * lbs / 512))
tap_is "the long report shows the write to its last zone" \
	"$(wp_of "$tmp/during" "$far" "$z")" $((4 * lbs / 512))
check_cached "a rescan and a write under a long cached report"
tap_done
