# --zone INDEX starts a range at that zone, for reading and for zone
# commands alike; an index past the last zone, or given with --offset, is
# refused with one line.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

img=$tap_tmp/img
# 8 zones of 1 MiB (2048 sectors), the first 2 conventional.
"$ZONECTL" mkimage -q -z 1M -n 8 --conv 2 "$img" || exit 1

plan 7
got=$("$ZONECTL" report -r -n -o START -z 3 -c 2 "$img" | tr '\n' ' ')
ok "$([ "$got" = "6144 8192 " ]; echo $?)" "report -z 3 -c 2 lists zones 3 and 4: $got"
got=$("$ZONECTL" capacity --bytes -z 7 "$img")
ok "$([ "$got" = 1048576 ]; echo $?)" "capacity -z 7 is the last zone's: $got"
run "$ZONECTL" finish -z 2 -c 2 "$img"
got=$("$ZONECTL" report -r -n -o COND "$img" | tr '\n' ' ')
ok "$([ "$status" -eq 0 ] && [ "$got" = "nw nw fu fu em em em em " ]; echo $?)" \
	"finish -z 2 -c 2 fills zones 2 and 3: $got"
usage_error "--zone '8' is beyond the last zone (zone 7 of 8 zones, counted from 0)" "$ZONECTL" report -z 8 "$img"
usage_error "--zone and --offset are mutually exclusive" "$ZONECTL" report -z 1 -O 2048 "$img"
usage_error "invalid zone index 'x'" "$ZONECTL" reset -z x "$img"
usage_error "--zone '9' is beyond the last zone" "$ZONECTL" reset -z 9 -c 1 "$img"
done_testing
