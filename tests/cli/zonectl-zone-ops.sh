# zonectl reset, open, close and finish on a zone image: each leaves the
# zones of its range in the condition ZBC gives, skips conventional zones,
# and --all covers every zone.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

img=$tap_tmp/img
# 16 zones of 1 MiB (2048 sectors), the first 2 conventional.
"$ZONECTL" mkimage -q -z 1M -n 16 --conv 2 "$img" || exit 1

# conds: the conditions of all zones, one line.
conds() {
	"$ZONECTL" report -r -n -o COND "$img" | tr '\n' ' '
}
wptr() {
	"$ZONECTL" report -r -n -o WPTR -O "$1" -c 1 "$img"
}

plan 14

run "$ZONECTL" open -O 4096 -c 2 "$img"
ok "$status" "open of zones 2-3 succeeds"
ok "$([ "$(conds)" = "nw nw oe oe em em em em em em em em em em em em " ]; echo $?)" \
	"zones 2 and 3 are explicitly open: $(conds)"

run "$ZONECTL" close -O 6144 -l 1M "$img"
ok "$status" "close of zone 3 succeeds"
ok "$([ "$(conds)" = "nw nw oe em em em em em em em em em em em em em " ]; echo $?)" \
	"closing an empty open zone leaves it empty: $(conds)"

run "$ZONECTL" finish -O 0 -c 5 "$img"
ok "$status" "finish of zones 0-4 (two conventional) succeeds"
ok "$([ "$(conds)" = "nw nw fu fu fu em em em em em em em em em em em " ]; echo $?)" \
	"conventional zones are skipped, sequential ones full: $(conds)"
ok "$([ "$(wptr 4M)" = 10240 ]; echo $?)" \
	"a finished zone's write pointer is at its end: $(wptr 4M)"

run "$ZONECTL" reset -O 0 -l 4M "$img"
ok "$status" "reset of zones 0-3 succeeds"
ok "$([ "$(conds)" = "nw nw em em fu em em em em em em em em em em em " ]; echo $?)" \
	"zones 2-3 are empty, zone 4 still full: $(conds)"

run "$ZONECTL" finish --all "$img"
ok "$status" "finish --all succeeds"
ok "$([ "$(conds)" = "nw nw fu fu fu fu fu fu fu fu fu fu fu fu fu fu " ]; echo $?)" \
	"every sequential zone is full: $(conds)"

run "$ZONECTL" reset --all -v "$img"
ok "$status" "reset --all succeeds"
ok "$(grep -qx "$img: reset all zones" "$out"; echo $?)" "--verbose says what was done"
ok "$([ "$(conds)" = "nw nw em em em em em em em em em em em em em em " ]; echo $?)" \
	"every sequential zone is empty: $(conds)"
done_testing
