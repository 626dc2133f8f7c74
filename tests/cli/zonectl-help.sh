# zonectl --help and each command's --help print their usage on stdout and
# exit 0.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

plan 14

run "$ZONECTL" --help
ok $((status != 0)) "--help exits 0"
grep -q '^Usage:' "$out" && grep -q '^ info ' "$out" && grep -q '^ report ' "$out" &&
	grep -q '^ capacity ' "$out" && grep -q '^ summary ' "$out" &&
	grep -q '^ map ' "$out"
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

run "$ZONECTL" capacity --help
ok $((status != 0)) "capacity --help exits 0"
grep -q -- '--offset' "$out" && grep -q -- '--cached' "$out" &&
	grep -q -- '--bytes' "$out" && grep -q -- '--json' "$out"
ok $? "capacity --help lists its options"

run "$ZONECTL" summary --help
ok $((status != 0)) "summary --help exits 0"
grep -q -- '--count' "$out" && grep -q -- '--type' "$out" &&
	grep -q -- '--raw' "$out" && grep -q -- '--json' "$out"
ok $? "summary --help lists its options"

run "$ZONECTL" map --help
ok $((status != 0)) "map --help exits 0"
grep -q -- '--length' "$out" && grep -q -- '--width' "$out" &&
	grep -q -- '--plain' "$out" && grep -q -- '--color' "$out" &&
	! grep -q -- '--cond' "$out"
ok $? "map --help lists its options"

done_testing
