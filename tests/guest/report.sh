# Zone reports as comparable text: one zone a line,
#   START LEN CAP WPTR TYPE COND
# in decimal 512-byte sectors, type and condition as numbers.  WPTR is the
# write pointer's offset in its zone, 0 for conventional zones, as blkzone
# prints it.

# blkzone_zones DEV [blkzone report options...]
blkzone_zones() {
	local dev=$1
	shift
	blkzone report "$@" "$dev" | sed -n \
		's/.*start: \(0x[0-9a-f]*\), len \(0x[0-9a-f]*\), cap \(0x[0-9a-f]*\), wptr \(0x[0-9a-f]*\) .*zcond: *\([0-9]*\)(.*\[type: *\([0-9]*\)(.*/\1 \2 \3 \4 \6 \5/p' |
	while read -r s l c w t k; do
		printf '%d %d %d %d %d %d\n' "$s" "$l" "$c" "$w" "$t" "$k"
	done
}

# zonectl_zones DEV [zonectl report options...]
zonectl_zones() {
	local dev=$1
	shift
	zonectl report --raw --noheadings \
		-o START,LEN,CAP,WPOFF,TYPE-NUM,COND-NUM "$@" "$dev"
}

# fold_active: a report as a cached report gives it, implicitly open (2),
# explicitly open (3) and closed (4) zones shown as active (255).
fold_active() {
	awk '$6 == 2 || $6 == 3 || $6 == 4 { $6 = 255 } { print }'
}

# zonectl_cached_zones DEV [zonectl report options...]: the cached report.
# The patched kernel folds open and closed zones into active itself; on
# the stock kernel zonectl falls back to a device report, folded here.
zonectl_cached_zones() {
	if [ "$BLKZONE_KERNEL" = stock ]; then
		zonectl_zones "$@" --cached 2>/dev/null | fold_active
	else
		zonectl_zones "$@" --cached
	fi
}

# check_cached WHEN: a TAP result, the cached report of $DEV against its
# device report, open and closed zones as active.  Needs $tmp.
check_cached() {
	zonectl_zones "$DEV" | fold_active > "$tmp/device"
	zonectl_cached_zones "$DEV" > "$tmp/cached"
	tap_same_file "after $1: cached report equals device report" \
		"$tmp/cached" "$tmp/device"
}
