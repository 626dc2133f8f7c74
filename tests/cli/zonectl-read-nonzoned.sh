# capacity, summary and map of a non-zoned block device fail with one line
# saying so, like report, and print nothing on stdout.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

run "$WITH_LOOP" 8388608 true
[ "$status" -eq 77 ] && skip_all "no loop device"

plan 3
for cmd in capacity summary map; do
	run "$WITH_LOOP" 8388608 sh -c "exec \"\$ZONECTL\" $cmd \"\$LOOPDEV\""
	[ "$status" -eq 1 ] && [ ! -s "$out" ] && [ "$(lines "$err")" -eq 1 ] &&
		grep -q 'not a zoned block device' "$err"
	ok $? "$cmd: status $status, $(cat "$err")"
done
done_testing
