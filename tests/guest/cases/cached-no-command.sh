# core: yes
# needs-series: yes
# A cached report sends no command to the device: with scsi_debug answering
# every command after 500 ms, a full device report takes at least that long
# and a cached one much less (tests/guest/progs/report-time, which times
# the ioctls alone).  After a passthrough command makes the cache stale,
# the first cached report asks the device again, and the next ones do not;
# passthrough commands that only read (REPORT ZONES, READ CAPACITY) keep
# the cache.  A dm-linear device over the disk has no cache: its cached
# reports are device reports.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
ndelay=/sys/bus/pseudo/drivers/scsi_debug/ndelay
if [ ! -e "/sys/block/$(basename "$DEV")/device/scsi_disk" ] || [ ! -w "$ndelay" ]; then
	echo "1..0 # SKIP not a scsi_debug disk"
	exit 0
fi
delay_ms=500

# field KIND N: field N of report-time's line for KIND, in whole ms.
field() {
	awk -v k="$1" -v n="$2" '$1 == k { printf "%d\n", $n }' "$tmp"
}
tmp=$(mktemp)

# delayed_reports: time device and cached reports with the device delayed.
delayed_reports() {
	echo $((delay_ms * 1000000)) > "$ndelay"
	report-time "$DEV" 4096 3 > "$tmp"
	echo 0 > "$ndelay"
	tap_diag "$(cat "$tmp")"
}

delayed_reports
tap_run "a device report waits for the device ($(field device 2) ms)" \
	test "$(field device 2)" -ge "$delay_ms"
tap_run "a cached report does not ($(field cached 2) ms)" \
	test "$(field cached 2)" -lt $((delay_ms / 2))

# passthrough WHAT ASKS COMMAND...: after the passthrough COMMAND, the first
# cached report asks the device (ASKS=yes) or not (ASKS=no); the next
# cached reports never do.
passthrough() {
	local what=$1 asks=$2 first
	shift 2
	"$@" > /dev/null 2>&1
	delayed_reports
	first=$(field cached 4)
	if [ "$asks" = yes ]; then
		tap_run "after $what, the first cached report asks the device ($first ms)" \
			test "$first" -ge "$delay_ms"
	else
		tap_run "after $what, the first cached report does not ask the device ($first ms)" \
			test "$first" -lt $((delay_ms / 2))
	fi
	tap_run "and the next ones do not ($(field cached 2) ms)" \
		test "$(field cached 2)" -lt $((delay_ms / 2))
}

passthrough "RESET WRITE POINTER (sg_reset_wp)" yes sg_reset_wp --zone=0 "$DEV"
passthrough "REPORT ZONES (sg_rep_zones)" no sg_rep_zones "$DEV"
# ZBC IN with another service action than REPORT ZONES may change zones
# (ZONE ACTIVATE, 0x08): the device refuses it here, but the cache cannot
# know that it would.
passthrough "ZBC IN, ZONE ACTIVATE (sg_raw)" yes \
	sg_raw "$DEV" 95 08 00 00 00 00 00 00 00 00 00 00 00 00 00 00
passthrough "READ CAPACITY (16) (sg_readcap)" no sg_readcap --16 "$DEV"

# A device mapper target that does not emulate zone append keeps no zone
# cache (Documentation/block/zone-cache.rst): a cached report of a
# dm-linear device over this disk is a device report, and waits.
if command -v dmsetup > /dev/null; then
	export DM_DISABLE_UDEV=1
	dm_name=bz-nocache-$$
	zsz=$(cat "/sys/block/$(basename "$DEV")/queue/chunk_sectors")
	dmsetup create "$dm_name" --table \
		"0 $(($(blockdev --getsz "$DEV") / zsz * zsz)) linear $DEV 0"
	DEV=/dev/mapper/$dm_name delayed_reports
	tap_run "dm-linear: a cached report waits for the device ($(field cached 2) ms)" \
		test "$(field cached 2)" -ge "$delay_ms"
	dmsetup remove "$dm_name"
else
	tap_skip "dm-linear: a cached report waits for the device" "dmsetup is not installed"
fi
rm -f "$tmp"
tap_done
