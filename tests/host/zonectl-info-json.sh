# "zonectl info --json" of a loop device is valid JSON with every field,
# typed, and the values of a non-zoned 16 MiB disk.
. "$top_srcdir/tests/host/tap.sh"

[ -n "$JQ" ] || skip_all "jq not found"
run "$WITH_LOOP" 16777216 sh -c 'echo "$LOOPDEV" >&2; exec "$ZONECTL" info --json "$LOOPDEV"'
[ "$status" -eq 77 ] && skip_all "no loop device"
dev=$(head -n 1 "$err")

plan 8
ok "$status" "exit status"
jqt() {
	"$JQ" -e "$1" "$out" >/dev/null
	ok $? "$1"
}
jqt '.info | length == 1'
jqt '.info[0] | keys | length == 15'
jqt ".info[0].path == \"$dev\""
jqt '.info[0].model == "none" and .info[0].partition == false'
jqt '.info[0].capacity == 16777216 and .info[0]["logical-block-size"] == 512'
jqt '.info[0]["zone-size"] == 0 and .info[0]["nr-zones"] == 0'
jqt '.info[0]["cached-report"] == false'
done_testing
