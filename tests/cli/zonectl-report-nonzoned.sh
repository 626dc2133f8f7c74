# "zonectl report" of a non-zoned block device fails with one line saying so.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

run "$WITH_LOOP" 8388608 sh -c 'exec "$ZONECTL" report --json "$LOOPDEV"'
[ "$status" -eq 77 ] && skip_all "no loop device"

plan 3
ok $((status != 1)) "exit status 1"
ok $(($(lines "$err") != 1)) "one line on stderr"
grep -q 'not a zoned block device' "$err"
ok $? "$(cat "$err")"
done_testing
