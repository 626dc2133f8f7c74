# zonectl --help and each command's --help print their usage on stdout and
# exit 0.
. "$top_srcdir/tests/host/tap.sh"

plan 8

run "$ZONECTL" --help
ok $((status != 0)) "--help exits 0"
grep -q '^Usage:' "$out" && grep -q '^ info ' "$out" && grep -q '^ report ' "$out"
ok $? "--help lists the commands"
ok $(($(lines "$err") != 0)) "--help prints nothing on stderr"

run "$ZONECTL" -h
ok $((status != 0 || $(lines "$out") < 5)) "-h"

run "$ZONECTL" report --help
ok $((status != 0)) "report --help exits 0"
grep -q -- '--offset' "$out" && grep -q -- '--cached' "$out" &&
	grep -q -- '--output' "$out" && grep -q -- '--raw' "$out"
ok $? "report --help lists its options"

run "$ZONECTL" info --help
ok $((status != 0)) "info --help exits 0"
grep -q -- '--json' "$out"
ok $? "info --help lists its options"

done_testing
