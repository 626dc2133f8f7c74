# Sizes in summary, capacity and info are printed as lsblk prints them
# (16M), exact in bytes with --bytes; report stays in 512-byte sectors, as
# blkzone, and says so in --help and --list-columns.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

img=$tap_tmp/img
# 16 zones of 1 MiB, 2 conventional, capacity 768 KiB, and zones 2-5 full: 3 MiB written.
"$ZONECTL" mkimage -q -z 1M -n 16 --conv 2 -c 768K "$img" || exit 1
"$ZONECTL" finish -z 2 -c 4 "$img" || exit 1

plan 12
run "$ZONECTL" summary -r "$img"
ok "$(grep -qx "total all 16 16M 12.5M 3M 28.6" "$out"; echo $?)" \
	"summary: $(grep total "$out")"
run "$ZONECTL" summary -r --bytes "$img"
ok "$(grep -qx "total all 16 16777216 13107200 3145728 28.6" "$out"; echo $?)" \
	"summary --bytes: $(grep total "$out")"
run "$ZONECTL" summary --json "$img"
ok "$(grep -q '"size": 32768' "$out"; echo $?)" "summary --json: sectors"

run "$ZONECTL" capacity "$img"
ok "$([ "$(cat "$out")" = 12.5M ]; echo $?)" "capacity: $(cat "$out")"
run "$ZONECTL" capacity --bytes "$img"
ok "$([ "$(cat "$out")" = 13107200 ]; echo $?)" "capacity --bytes: $(cat "$out")"
run "$ZONECTL" capacity --json "$img"
ok "$(grep -q '"capacity": 25600' "$out"; echo $?)" "capacity --json: sectors"

run "$ZONECTL" info "$img"
ok "$(grep -Eq '^Capacity: +16M$' "$out" && grep -Eq '^Zone capacity: +768K$' "$out"; echo $?)" \
	"info: $(grep -i capacity "$out" | tr -s ' ' | tr '\n' ';')"
run "$ZONECTL" info --bytes "$img"
ok "$(grep -Eq '^Capacity \(bytes\): +16777216$' "$out"; echo $?)" "info --bytes"

run "$ZONECTL" report --help
ok "$(grep -q "512-byte sectors" "$out"; echo $?)" "report --help names the unit"
run "$ZONECTL" report --list-columns
ok "$(grep -Eq '^ +START +zone start, in sectors' "$out"; echo $?)" "--list-columns names the unit"
run "$ZONECTL" report -r -n -o START,LEN -z 1 -c 1 "$img"
ok "$([ "$(cat "$out")" = "2048 2048" ]; echo $?)" "report in sectors: $(cat "$out")"
run "$ZONECTL" summary --help
ok "$(grep -q "as lsblk prints them" "$out"; echo $?)" "summary --help says how sizes print"
done_testing
