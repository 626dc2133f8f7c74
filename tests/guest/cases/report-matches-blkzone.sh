# debug-kernel: no
# zonectl report equals blkzone report, zone by zone, before and after
# writing some zones with direct I/O; the cached report (BLKREPORTZONEV2)
# agrees with the device report.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)

compare_reports() {
	local when=$1
	blkzone_zones "$DEV" > "$tmp/blkzone"
	zonectl_zones "$DEV" > "$tmp/zonectl"
	tap_same_file "$when: zonectl report equals blkzone report" \
		"$tmp/zonectl" "$tmp/blkzone"
	zonectl_cached_zones "$DEV" > "$tmp/cached"
	fold_active < "$tmp/blkzone" > "$tmp/device"
	tap_same_file "$when: cached report equals device report, open and closed as active" \
		"$tmp/cached" "$tmp/device"
}

# zone_field N FIELD: a field (1-based, in report.sh's order) of zone N.
zone_field() {
	sed -n "$(($1 + 1))p" "$tmp/zonectl" | cut -d' ' -f"$2"
}

# write_zone N KIB: KIB kibibytes of direct writes at zone N's write pointer.
write_zone() {
	local start wp
	start=$(zone_field "$1" 1)
	wp=$(zone_field "$1" 4)
	dd if=/dev/zero of="$DEV" bs=4k count=$(($2 / 4)) oflag=direct \
		seek=$(((start + wp) / 8)) status=none
}

want=true
[ "$BLKZONE_KERNEL" = stock ] && want=false
tap_is "zonectl --cached says the report was cached: $want" \
	"$(zonectl report --cached --json "$DEV" 2>/dev/null | jq .cached)" "$want"

compare_reports "fresh disk"
nr=$(wc -l < "$tmp/blkzone")
first_seq=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/blkzone")
cap_kib=$(($(zone_field "$first_seq" 3) / 2))
tap_run "disk has sequential zones" test -n "$first_seq"

tap_run "write 64 KiB into zone $first_seq" write_zone "$first_seq" 64
tap_run "fill zone $((first_seq + 1)) to its capacity" write_zone $((first_seq + 1)) "$cap_kib"
tap_run "write 4 KiB into the last zone" write_zone $((nr - 1)) 4
[ "$first_seq" -gt 0 ] && tap_run "write the first conventional zone" write_zone 0 128
compare_reports "after writes"

tap_is "zone $first_seq is implicitly open" "$(zone_field "$first_seq" 6)" 2
tap_is "zone $first_seq write pointer moved 64 KiB" "$(zone_field "$first_seq" 4)" 128
tap_is "zone $((first_seq + 1)) is full" "$(zone_field $((first_seq + 1)) 6)" 14

rm -rf "$tmp"
tap_done
