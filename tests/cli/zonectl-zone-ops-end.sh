# reset, open, close and finish never run to the end of the device
# unasked: a start (--offset, --zone) without an end (--count, --length)
# is refused with one line that says so, and nothing changes; an end
# without a start counts from zone 0.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

img=$tap_tmp/img
"$ZONECTL" mkimage -z 1M -n 16 "$img" >/dev/null || exit 1
"$ZONECTL" finish -O 0 -c 16 "$img" || exit 1
state() {
	"$ZONECTL" report -r -n -o START,COND,WPTR "$img" | md5sum
}
before=$(state)

plan 14
for cmd in reset open close finish; do
	usage_error "--zone '14' needs an end: --count or --length (--all for every zone)" \
		"$ZONECTL" $cmd -z 14 "$img"
	usage_error "--offset '0' needs an end: --count or --length" \
		"$ZONECTL" $cmd -O 0 "$img"
done
usage_error "--offset '2M' needs an end" "$ZONECTL" reset --offset 2M --force "$img"
ok "$([ "$(state)" = "$before" ]; echo $?)" "the image is unchanged"
"$ZONECTL" reset -c 2 "$img"
ok $? "--count alone counts from zone 0"
conds=$("$ZONECTL" report -r -n -o COND -c 3 "$img" | tr '\n' ' ')
ok "$([ "$conds" = "em em fu " ]; echo $?)" "zones 0-1 reset, zone 2 full: $conds"
run "$ZONECTL" reset --help
grep -q "a start alone" "$out"
ok $? "reset --help says that a start alone is refused"
"$ZONECTL" reset -z 2 -l 14M "$img"
ok $? "--zone with --length"
done_testing
