# "zonectl info" prints one "label: value" line per field, including
# whether cached reports are available.
. "$top_srcdir/tests/host/tap.sh"

run "$WITH_LOOP" 8388608 sh -c 'exec "$ZONECTL" info "$LOOPDEV"'
[ "$status" -eq 77 ] && skip_all "no loop device"

plan 5
ok "$status" "exit status"
ok $(($(lines "$out") != 15)) "15 lines"
grep -Eq '^Zone model: +none$' "$out"
ok $? "zone model"
grep -Eq '^Capacity \(bytes\): +8388608$' "$out"
ok $? "capacity"
grep -Eq '^Cached report: +not available$' "$out"
ok $? "cached report line"
done_testing
