# The zone-reset example on a regular block device: both forms fail with
# one line that gives the library's -EOPNOTSUPP.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

prog=$top_builddir/examples/zone-reset
run "$WITH_LOOP" 8388608 sh -c 'exec "$0" "$LOOPDEV"' "$prog"
[ "$status" -eq 77 ] && skip_all "no loop device"

plan 6
ok $((status != 1)) "reset all: exit status 1"
ok $(($(lines "$err") != 1)) "one line on stderr"
grep -q 'Operation not supported' "$err"
ok $? "$(cat "$err")"

run "$WITH_LOOP" 8388608 sh -c 'exec "$0" "$LOOPDEV" 4096' "$prog"
ok $((status != 1)) "reset at an offset: exit status 1"
grep -q 'Operation not supported' "$err"
ok $? "$(cat "$err")"
[ ! -s "$out" ]
ok $? "nothing on stdout"
done_testing
