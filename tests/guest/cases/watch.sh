# core: yes
# debug-kernel: no
# setups: scsi_debug-hm nvme-zns null_blk
# zonectl watch on a disk with zones in several conditions: the counts it
# shows equal those of the report it reads (the cached report where the
# kernel has one, the device report on the stock kernel).  On scsi_debug,
# with its command counter on, each refresh sends the disk no command on
# the patched kernel and at least one on the stock kernel: the commands of
# 21 refreshes less those of one, over 20.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
. "$here/devices.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/watch.XXXXXX")
stats=/sys/bus/pseudo/drivers/scsi_debug/statistics
cleanup() {
	[ ! -w "$stats" ] || echo 0 > "$stats"
	rm -rf "$tmp"
}
trap cleanup EXIT

zonectl_zones "$DEV" > "$tmp/zones"
seq=($(awk '$5 != 1 { print NR - 1 }' "$tmp/zones"))
printf '%s\n' "write ${seq[0]} 3" "finish ${seq[1]}" "open ${seq[2]}" \
	"write ${seq[3]} 1" "close ${seq[3]}" > "$tmp/script"
tap_run "zones written, finished, opened and closed" \
	zone-script "$DEV" "$tmp/script"

# The report watch reads, and the words its counts line gives each
# condition.
report_opt=--cached
[ "$BLKZONE_KERNEL" = stock ] && report_opt=
zonectl report -r -n -o COND $report_opt "$DEV" | sort | uniq -c |
	awk '{
		split("em:empty,oi:implicitly open,oe:explicitly open,cl:closed,ac:active,fu:full,nw:conventional,ro:read-only,ol:offline", m, ",")
		for (i in m) { split(m[i], kv, ":"); name[kv[1]] = kv[2] }
		print name[$2] ": " $1
	}' | sort > "$tmp/want"

# counts FILE: the counts lines of a frame of watch's output, as a "NAME: N"
# line per condition.  They read " SYM NAME N   SYM NAME N".
counts() {
	grep -E '^ . [a-z]' "$1" | sed 's/   /\n/g' |
		sed -E 's/^ *[^ ] (.*) ([0-9]+)$/\1: \2/' | sort
}

zonectl watch -i 1 "$DEV" > "$tmp/frame" 2> "$tmp/err"
tap_is "watch -i 1 ends with 0 and says nothing on standard error" \
	"$? $(wc -c < "$tmp/err")" "0 0"
counts "$tmp/frame" > "$tmp/got"
tap_same_file "its counts equal those of zonectl report${report_opt:+ $report_opt}" \
	"$tmp/got" "$tmp/want"
what="cached report"
[ "$BLKZONE_KERNEL" = stock ] && what="device report (no zone cache in this kernel"
tap_run "its title says: $what" grep -qF "$what" "$tmp/frame"

if [ ! -w "$stats" ] || [ ! -e "/sys/block/$(basename "$DEV")/device/scsi_disk" ]; then
	tap_done
	exit 0
fi

# commands WATCH_OPTIONS...: the commands scsi_debug received while
# zonectl watch ran with these options.
commands() {
	echo 0 > "$stats"
	echo 1 > "$stats"
	zonectl watch "$@" "$DEV" > /dev/null
	scsi_debug_commands
}
# The counter counts: a device report of one zone is at least a command,
# so that 0 below means no command, not a counter that reads nothing.
echo 0 > "$stats"
echo 1 > "$stats"
blkzone report -c 1 "$DEV" > /dev/null
n=$(scsi_debug_commands)
tap_run "scsi_debug counts commands (a device report of one zone: $n)" test "$n" -ge 1
one=$(commands -i 1)
many=$(commands -i 21 -n 0.1)
per=$(awk -v a="$one" -v b="$many" 'BEGIN { printf "%g", (b - a) / 20 }')
tap_diag "scsi_debug commands: $one for 1 refresh, $many for 21, $per per refresh"
if [ "$BLKZONE_KERNEL" = stock ]; then
	tap_run "a refresh of a device report sends commands ($per)" \
		awk -v p="$per" 'BEGIN { exit !(p >= 1) }'
else
	tap_is "a refresh of a cached report sends none" "$per" 0
fi
tap_done
