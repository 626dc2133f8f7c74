# The open and active zone limits, when an operation hits them, are named
# with the number of zones the device allows, not as errno strings, and
# nothing changes.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

img=$tap_tmp/img
"$ZONECTL" mkimage -z 1M -n 16 --max-open 3 --max-active 4 "$img" \
	>/dev/null || exit 1
act=$tap_tmp/act
"$ZONECTL" mkimage -z 1M -n 16 --conv 1 --max-active 2 "$act" \
	>/dev/null || exit 1
state() {
	"$ZONECTL" report -r -n -o START,COND,WPTR "$1" | md5sum
}

plan 9
"$ZONECTL" open -z 0 -c 3 "$img"
ok $? "three zones open"
before=$(state "$img")
usage_error "$img: open of zone 3 failed: the open zone limit (3 zones) is reached" \
	"$ZONECTL" open -z 3 -c 1 "$img"
"$ZONECTL" close -z 0 -c 3 "$img"
ok $? "closed again"
usage_error "$img: open of zones 0-4 failed: the active zone limit (4 zones) is reached" \
	"$ZONECTL" open -c 5 "$img"
usage_error "$act: open of zones 1-3 failed: the active zone limit (2 zones) is reached" \
	"$ZONECTL" open -c 4 "$act"
"$ZONECTL" open -z 1 -c 2 "$act"
ok $? "two zones open, the active limit"
before=$(state "$act")
usage_error "$act: finish of zone 5 failed: the active zone limit (2 zones) is reached" \
	"$ZONECTL" finish -z 5 -c 1 "$act"
usage_error "$act: finish of zones 1-15 failed: the active zone limit (2 zones) is reached" \
	"$ZONECTL" finish --all "$act"
ok "$([ "$(state "$act")" = "$before" ]; echo $?)" "nothing changed"
done_testing
