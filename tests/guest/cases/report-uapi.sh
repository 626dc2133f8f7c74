# needs-series: yes
# debug-kernel: no
# setups: scsi_debug-hm null_blk-configfs nvme-zns
# Programs built against the patched <linux/blkzoned.h> of each series
# (tests/guest/uapi-progs.sh: report-uapi-6.1, report-uapi-6.12) see the
# same ABI and get the same answers on this kernel: the header's values
# are upstream's, each program's device report equals zonectl's, and its
# cached report zonectl's device report with open and closed zones as
# active, after writes, an explicit open, a close and a finish, and after
# resets.  One setup per device class: the header and the ioctl are the
# same on every geometry.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
if [ -z "${BLKZONE_UAPI_VERSIONS:-}" ]; then
	echo "1..0 # SKIP no report-uapi programs (BLKZONE_UAPI_VERSIONS)"
	exit 0
fi
tmp=$(mktemp -d)

# The ABI of upstream's header (Linux 6.19), on x86_64.
cat > "$tmp/upstream" <<EOF
BLKREPORTZONEV2 0xc010128e
BLK_ZONE_REP_CAPACITY 0x1
BLK_ZONE_REP_CACHED 0x80000000
BLK_ZONE_COND_ACTIVE 0xff
struct blk_zone 64
struct blk_zone_report 16
EOF
for v in $BLKZONE_UAPI_VERSIONS; do
	tap_run "report-uapi-$v prints its header's values" \
		sh -c "report-uapi-$v header > '$tmp/header-$v'"
	tap_same_file "the header of $v has upstream's values" \
		"$tmp/header-$v" "$tmp/upstream"
done

# compare WHEN: every program's reports against zonectl's.
compare() {
	local v
	zonectl_zones "$DEV" > "$tmp/device"
	fold_active < "$tmp/device" > "$tmp/folded"
	for v in $BLKZONE_UAPI_VERSIONS; do
		report-uapi-"$v" "$DEV" device > "$tmp/device-$v"
		tap_same_file "after $1: report-uapi-$v device report equals zonectl's" \
			"$tmp/device-$v" "$tmp/device"
		report-uapi-"$v" "$DEV" cached > "$tmp/cached-$v"
		tap_same_file "after $1: report-uapi-$v cached report equals the device's" \
			"$tmp/cached-$v" "$tmp/folded"
	done
}

zonectl_zones "$DEV" > "$tmp/zones"
seq=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/zones")
zsz=$(head -1 "$tmp/zones" | cut -d' ' -f2)
compare "nothing"
for i in 0 1 2; do
	dd if=/dev/zero of="$DEV" bs=64k count=$((i + 1)) oflag=direct status=none \
		seek=$(((seq + i) * zsz / 128))
done
zonectl close -z $((seq + 1)) -c 1 "$DEV"
zonectl finish -z $((seq + 2)) -c 1 "$DEV"
zonectl open -z $((seq + 3)) -c 1 "$DEV"
compare "writes, a close, a finish and an open"
tap_run "reset of zones $seq-$((seq + 3))" zonectl reset --force -z "$seq" -c 4 "$DEV"
compare "the resets"
rm -rf "$tmp"
tap_done
