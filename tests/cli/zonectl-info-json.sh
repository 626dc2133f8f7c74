# "zonectl info --json" of a loop device is one JSON object whose members
# are the fields, typed, with the values of a non-zoned 16 MiB disk; a
# zone image whose name needs escaping gives valid JSON too.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

[ -n "$JQ" ] || skip_all "jq not found"
run "$WITH_LOOP" 16777216 sh -c 'echo "$LOOPDEV" >&2; exec "$ZONECTL" info --json "$LOOPDEV"'
[ "$status" -eq 77 ] && skip_all "no loop device"
dev=$(head -n 1 "$err")

plan 11
ok "$status" "exit status"
jqt() {
	"$JQ" -e "$1" "$out" >/dev/null
	ok $? "$1"
}
jqt 'type == "object" and (keys | length == 15)'
jqt ".path == \"$dev\""
jqt '.model == "none" and .partition == false'
jqt '.capacity == 16777216 and .["logical-block-size"] == 512'
jqt '.["zone-size"] == 0 and .["nr-zones"] == 0'
jqt '.["cached-report"] == false'
jqt '.["max-open-zones"] == 0 and .["zone-write-granularity"] == 0'

img=$tap_tmp/'a "quoted"\ name'
"$ZONECTL" mkimage -z 1M -n 4 --max-open 2 "$img" >/dev/null || exit 1
run "$ZONECTL" info --json "$img"
ok "$status" "an image: exit status"
jqt '.path | endswith("a \"quoted\"\\ name")'
jqt '.["nr-zones"] == 4 and .["max-open-zones"] == 2 and .model == "host-managed"'
done_testing
