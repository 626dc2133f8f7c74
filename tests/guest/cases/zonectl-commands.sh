# debug-kernel: no
# regular-disk: yes
# zonectl's commands on a kernel zoned disk: report --json gives the numbers
# blkzone gives; finish, open, close and reset leave the conditions blkzone
# reports; capacity and summary add up what the report says; reset --all
# leaves every sequential zone empty; an open that the open or active zone
# limit refuses names the limit and changes nothing.  On a regular disk
# every zone command is refused with one line and nothing changes.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)

if [ "$EXPECT_ZONED" = none ]; then
	for cmd in "report" "reset --all" "finish -c 1" "summary" "capacity" "map"; do
		out=$(zonectl $cmd "$DEV" 2>&1 >/dev/null)
		tap_is "zonectl $cmd on a regular disk: one line, not zoned" \
			"$(echo "$out" | wc -l) $(echo "$out" | grep -c 'not a zoned block device')" "1 1"
	done
	tap_done
	exit
fi

zonectl_zones "$DEV" > "$tmp/zones"
zsz=$(head -1 "$tmp/zones" | cut -d' ' -f2)
first=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/zones")
lbs=$(cat /sys/block/$(basename "$DEV")/queue/logical_block_size)
# The first sequential zone and the two after it get some data.
for z in $first $((first + 1)); do
	dd if=/dev/urandom of="$DEV" bs="$lbs" count=$((8192 / lbs)) oflag=direct \
		seek=$((z * zsz * 512 / lbs)) status=none
done

# JSON numbers as report.sh's lines: START LEN CAP WPOFF TYPE COND.
zonectl report --json -o START,LEN,CAP,WPOFF,TYPE-NUM,COND-NUM "$DEV" |
	jq -r '.zones[] | "\(.start) \(.len) \(.cap) \(.wpoff) \(."type-num") \(."cond-num")"' \
	> "$tmp/json"
blkzone_zones "$DEV" > "$tmp/blkzone"
tap_same_file "report --json numbers equal blkzone report" "$tmp/json" "$tmp/blkzone"

# cond ZONE: the condition blkzone reports for ZONE.
cond() {
	sed -n "$(($1 + 1))p" "$tmp/now" | cut -d' ' -f6
}
refresh() {
	blkzone_zones "$DEV" > "$tmp/now"
}

z=$((first + 2))
tap_run "zonectl open of zone $z" zonectl open -O $((z * zsz)) -c 1 "$DEV"
refresh
tap_is "zone $z is explicitly open" "$(cond $z)" 3
tap_run "zonectl close of zone $first" zonectl close -O $((first * zsz)) -c 1 "$DEV"
refresh
tap_is "zone $first is closed" "$(cond $first)" 4
tap_run "zonectl finish of zones 0 to $((first + 1))" zonectl finish -O 0 -c $((first + 2)) "$DEV"
refresh
tap_is "zones $first and $((first + 1)) are full" "$(cond $first) $(cond $((first + 1)))" "14 14"

cap=$(awk '{ s += $3 } END { print s }' "$tmp/now")
tap_is "capacity is the sum of zone capacities" "$(zonectl capacity --bytes "$DEV")" "$((cap * 512))"
tap_is "summary counts every zone" \
	"$(zonectl summary --json "$DEV" | jq '.summary[] | select(.group == "total") | .zones')" \
	"$(wc -l < "$tmp/now")"

tap_run "zonectl reset --all" zonectl reset --all "$DEV"
refresh
tap_is "every sequential zone is empty after reset --all" \
	"$(awk '$5 != 1 && $6 != 1' "$tmp/now" | wc -l)" 0
tap_is "conventional zones are untouched" \
	"$(awk '$5 == 1 && $6 != 0' "$tmp/now" | wc -l)" 0

before=$(md5sum < "$tmp/now")
out=$(zonectl reset -O 1 -c 1 "$DEV" 2>&1)
st=$?
refresh
tap_is "a reset off a zone start is refused, nothing changes" \
	"$st $(echo "$out" | grep -c 'not the start of a zone') $(md5sum < "$tmp/now")" \
	"1 1 $before"
# limit_refused KIND LIMIT ZONE: opening ZONE is refused with the name of
# the KIND zone limit and its LIMIT; nothing changes, and the cached report
# still agrees.
limit_refused() {
	local before out st
	refresh
	before=$(md5sum < "$tmp/now")
	out=$(zonectl open -O $(($3 * zsz)) -c 1 "$DEV" 2>&1)
	st=$?
	refresh
	tap_is "open of zone $3 is refused: the $1 zone limit ($2 zones) is reached" \
		"$st $(echo "$out" | grep -c "the $1 zone limit ($2 zones) is reached") $(md5sum < "$tmp/now")" \
		"1 1 $before"
	check_cached "an open refused at the $1 zone limit"
}

# The device's open and active zone limits, named when a command hits them.
queue=/sys/block/$(basename "$(readlink -f "$DEV")")/queue
max_open=$(cat "$queue/max_open_zones")
max_active=$(cat "$queue/max_active_zones")
# From Linux 6.10 on, a disk without limits of its own shows the size of
# the block layer's pool of zone write plugs as its open zone limit, which
# nothing enforces.
if [ -n "${EXPECT_NO_ZONE_LIMITS:-}" ]; then
	max_open=0 max_active=0
fi
if [ "$max_open" -gt 0 ]; then
	tap_run "zonectl open of $max_open zones, the open zone limit" \
		zonectl open -O $((first * zsz)) -c "$max_open" "$DEV"
	limit_refused open "$max_open" $((first + max_open))
	tap_run "zonectl close of them: closed zones stay active" \
		zonectl close -O $((first * zsz)) -c "$max_open" "$DEV"
fi
if [ "$max_active" -gt "$max_open" ]; then
	z=$((first + max_open))
	tap_run "zonectl open of zones up to the active zone limit ($max_active)" \
		zonectl open -O $((z * zsz)) -c $((max_active - max_open)) "$DEV"
	limit_refused active "$max_active" $((first + max_active))
fi
if [ "$max_open" -gt 0 ] || [ "$max_active" -gt 0 ]; then
	tap_run "zonectl reset --all after the limits" zonectl reset --all "$DEV"
fi

rm -rf "$tmp"
tap_done
