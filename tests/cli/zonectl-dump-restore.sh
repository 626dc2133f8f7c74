# zonectl dump and restore on zone images: the dump's report is the
# source's, a restore gives an empty image of the same geometry the same
# zones and data, and each refusal is one line with status 1 that names
# what is wrong, changing nothing.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

script=$top_builddir/tests/guest/progs/zone-script
src=$tap_tmp/src.img dump=$tap_tmp/dump.img dst=$tap_tmp/dst.img
mk() { "$ZONECTL" mkimage -q -z 64K -n 8 --conv 1 --max-open 3 -b 4096 \
	--last-zone-size 16K "$@"; }
report() { "$ZONECTL" report -r -n -o START,LEN,CAP,WPTR,TYPE,COND "$1"; }
mk "$src" && mk "$dst" || exit 1
printf '%s\n' "write 0 2" "write 1 16" "write 2 3" "open 3" "write 3 1" \
	"write 4 2" "close 4" "finish 5" "write 7 1" > "$tap_tmp/script"
"$script" "$src" "$tap_tmp/script" > /dev/null 2>&1 || exit 1

plan 13
conds=$(report "$src" | awk '{ print $6 }' | sort -u | tr '\n' ' ')
ok "$([ "$conds" = "cl em fu nw oe oi " ]; echo $?)" "the source has zones in every condition: $conds"
run "$ZONECTL" dump --data "$src" "$dump"
ok "$([ "$status" = 0 ] && [ "$(cat "$out")" = "$dump: the 8 zones of $src, with their data" ]; echo $?)" \
	"dump: $(cat "$out") $(cat "$err")"
ok "$([ "$(report "$dump")" = "$(report "$src")" ]; echo $?)" \
	"the dump's report is the source's"
usage_error "$dump: already exists" "$ZONECTL" dump "$src" "$dump"
usage_error "no image specified" "$ZONECTL" dump "$src"
usage_error "no device specified" "$ZONECTL" restore "$dump"

run "$ZONECTL" restore "$dump" "$dst"
ok "$([ "$status" = 0 ] && [ "$(cat "$out")" = "$dst: the 8 zones of $dump" ]; echo $?)" \
	"restore: $(cat "$out") $(cat "$err")"
ok "$([ "$(report "$dst")" = "$(report "$src")" ]; echo $?)" \
	"the restored report is the source's"
before=$(md5sum < "$dst")
usage_error "$dst: zone 1 of the device is not empty (FULL) (--force resets every zone first)" \
	"$ZONECTL" restore "$dump" "$dst"
ok "$([ "$(md5sum < "$dst")" = "$before" ]; echo $?)" "the refusal changed nothing"
run "$ZONECTL" restore -q --force "$dump" "$dst"
ok "$([ "$status" = 0 ] && [ ! -s "$out" ] && [ "$(report "$dst")" = "$(report "$src")" ]; echo $?)" \
	"--force: restored over zones not empty $(cat "$err")"

other=$tap_tmp/other.img
"$ZONECTL" mkimage -q -z 64K -n 9 --conv 1 -b 4096 "$other" || exit 1
usage_error "$other: not the geometry of $dump: zones: 8 in the source, 9 on the device" \
	"$ZONECTL" restore "$dump" "$other"
ok "$(report "$other" | awk '$6 != "nw" && $6 != "em" { bad = 1 } END { exit bad }'; echo $?)" \
	"the other image is untouched"
done_testing
