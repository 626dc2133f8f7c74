# "zonectl info" prints one "label: value" line per field, including
# whether cached reports are available; sizes as lsblk prints them, in
# bytes with --bytes.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

run "$WITH_LOOP" 8388608 sh -c 'exec "$ZONECTL" info "$LOOPDEV"'
[ "$status" -eq 77 ] && skip_all "no loop device"
cp "$out" "$tap_tmp/human"
run "$WITH_LOOP" 8388608 sh -c 'exec "$ZONECTL" info --bytes "$LOOPDEV"'
cp "$out" "$tap_tmp/bytes"
out=$tap_tmp/human

plan 7
ok "$status" "exit status"
ok $(($(lines "$out") != 15)) "15 lines"
grep -Eq '^Zone model: +none$' "$out"
ok $? "zone model"
grep -Eq '^Capacity: +8M$' "$out"
ok $? "capacity, as lsblk prints it"
grep -Eq '^Capacity \(bytes\): +8388608$' "$tap_tmp/bytes"
ok $? "--bytes: capacity in bytes"
grep -Eq '^Logical block size \(bytes\): +512$' "$out"
ok $? "block sizes in bytes"
grep -Eq '^Cached report: +not available$' "$out"
ok $? "cached report line"
done_testing
