# report's ZONE column gives the index --zone takes; --raw writes "-" for
# an empty cell so that every line has as many fields; --limit bounds the
# zones reported after the filters; on a narrow terminal the long-name
# columns are cut to fit, and never when the output is not a terminal.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

img=$tap_tmp/img
# 16 zones of 1 MiB (2048 sectors), the first 2 conventional, 2-4 full.
"$ZONECTL" mkimage -q -z 1M -n 16 --conv 2 "$img" || exit 1
"$ZONECTL" finish -z 2 -c 3 "$img" || exit 1

plan 12
run "$ZONECTL" report -r -n -o ZONE,START -z 3 -c 2 "$img"
ok "$([ "$(tr '\n' ' ' <"$out")" = "3 6144 4 8192 " ]; echo $?)" \
	"ZONE is the index of --zone: $(tr '\n' ' ' <"$out")"
run "$ZONECTL" report "$img"
ok "$(head -1 "$out" | grep -q '^ZONE  *START '; echo $?)" "ZONE is the first default column"

run "$ZONECTL" report -r -n -o ZONE,WPTR,TYPE -c 3 "$img"
ok "$([ "$(tr '\n' ' ' <"$out")" = "0 - cnv 1 - cnv 2 6144 swr " ]; echo $?)" \
	"raw: '-' for no write pointer: $(tr '\n' ' ' <"$out")"
run "$ZONECTL" report -r "$img"
ok "$([ "$(awk '{ print NF }' "$out" | sort -u)" = 9 ]; echo $?)" \
	"raw: every line has 9 fields: $(awk '{ print NF }' "$out" | sort -u | tr '\n' ' ')"
run "$ZONECTL" report --json -o ZONE,WPTR -c 1 "$img"
ok "$(grep -q '"wptr": null' "$out" && grep -q '"zone": 0' "$out"; echo $?)" "JSON: null, zone number"

run "$ZONECTL" report -r -n -o ZONE --cond em --limit 2 "$img"
ok "$([ "$(tr '\n' ' ' <"$out")" = "5 6 " ]; echo $?)" \
	"--cond em --limit 2: the first two empty zones: $(tr '\n' ' ' <"$out")"
run "$ZONECTL" report -r -n -o ZONE --cond em -c 2 "$img"
ok "$([ ! -s "$out" ] && [ "$status" = 0 ]; echo $?)" \
	"--count bounds the range before the filter: no empty zone in zones 0-1"
usage_error "invalid limit '0' (a number of zones)" "$ZONECTL" report --limit 0 "$img"

# A terminal of 30 columns: TYPE-NAME and COND-NAME give way.
cols="ZONE,START,TYPE-NAME,COND-NAME"
if command -v script >/dev/null; then
	script -qec "stty cols 30; '$ZONECTL' report -o $cols '$img'" /dev/null |
		tr -d '\r' >"$out"
	width=$(awk '{ if (length($0) > w) w = length($0) } END { print w }' "$out")
	ok "$([ "$width" -le 30 ] && [ "$(lines "$out")" = 17 ]; echo $?)" \
		"a 30-column terminal: lines of at most 30 characters ($width)"
	ok "$(grep -q '^ *2 *4096 SEQ_WRITE FULL$' "$out"; echo $?)" \
		"names cut: $(sed -n 4p "$out")"
else
	echo "ok 9 # SKIP no script(1)"
	echo "ok 10 # SKIP no script(1)"
	tap_count=10
fi
COLUMNS=30 "$ZONECTL" report -o "$cols" "$img" >"$out"
ok "$(grep -q 'SEQ_WRITE_REQUIRED  *FULL$' "$out"; echo $?)" "not a terminal: nothing cut"
run "$ZONECTL" report --help
ok "$(grep -q -- '--limit' "$out"; echo $?)" "--help lists --limit"
done_testing
