# core: yes
# Writers, resets and cached reports at once: two fio writers on their own
# zones, a loop of resets (with writes in between) on other zones, and a loop
# of cached reports.  Every cached report is coherent: each write pointer
# lies within its zone's capacity, a condition matches its write pointer,
# and the writers' zones never move back; at the end the cached report
# equals the device report.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)

zonectl_zones "$DEV" > "$tmp/zones"
nr=$(wc -l < "$tmp/zones")
zsz=$(head -1 "$tmp/zones" | cut -d' ' -f2)
first=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/zones")
lbs=$(cat /sys/block/$(basename "$DEV")/queue/logical_block_size)
# Writers on zones first..first+3, resets on the two zones after them.
wz=$first rz=$((first + 4))
if [ $((rz + 2)) -gt $((nr - 1)) ]; then
	tap_result 0 "# SKIP too few sequential zones"
	tap_done
	exit
fi

cap=$(sed -n "$((wz + 1))p" "$tmp/zones" | cut -d' ' -f3)
# writer ZONE: fio fills two zones from ZONE once, so that its write
# pointers only move forward (fio resets zones it wraps around to), paced
# to take about 4 seconds, so that the reports see it move.
writer() {
	fio --name=w$1 --filename="$DEV" --direct=1 --zonemode=zbd --rw=write \
		--bs=$((lbs * 8)) --ioengine=psync --offset=$(($1 * zsz * 512)) \
		--size=$((2 * zsz * 512)) --io_size=$((2 * cap * 512)) \
		--rate_iops=$((2 * cap * 512 / (lbs * 8) / 4 + 1)) \
		--output=/dev/null
}
writer "$wz" &
w1=$!
writer $((wz + 2)) &
w2=$!
(
	end=$((SECONDS + 5))
	while [ $SECONDS -lt $end ]; do
		for z in $rz $((rz + 1)); do
			zonectl reset --force -z "$z" -c 1 "$DEV" 2>/dev/null
			dd if=/dev/zero of="$DEV" bs="$lbs" count=16 oflag=direct \
				seek=$((z * zsz * 512 / lbs)) status=none 2>/dev/null
		done
	done
) &
resets=$!
# Reports for as long as the writers write.
n=0
while kill -0 $w1 2>/dev/null || kill -0 $w2 2>/dev/null; do
	zonectl_cached_zones "$DEV" > "$tmp/snap.$n"
	n=$((n + 1))
done
wait $w1 $w2 $resets

# check_snapshot FILE: lines of the incoherent zones, none if coherent.
# Fields: START LEN CAP WPOFF TYPE COND (conventional zones: TYPE 1).
check_snapshot() {
	awk '$5 == 1 { next }
	     $6 == 14 { if ($4 != $3 && $4 != $2) print "full, wp not at the end:", $0; next }
	     $4 > $3 { print "wp past capacity:", $0; next }
	     $6 == 1 && $4 != 0 { print "empty with data:", $0; next }
	     $6 == 255 && $4 >= $3 { print "active at capacity:", $0 }' "$1"
}
bad=0 back=0 moved=0
for ((i = 0; i < n; i++)); do
	[ -z "$(check_snapshot "$tmp/snap.$i")" ] || { bad=$((bad + 1)); check_snapshot "$tmp/snap.$i" | head -3 | sed 's/^/# /'; }
	if [ "$i" -gt 0 ]; then
		# The writers' zones only move forward: count their write
		# pointers seen moving back and forward since the last report.
		read -r b f < <(paste -d' ' "$tmp/snap.$((i - 1))" "$tmp/snap.$i" |
			awk -v a=$((wz + 1)) -v z=$((wz + 4)) '
				NR >= a && NR <= z { b += $10 < $4; f += $10 > $4 }
				END { print b + 0, f + 0 }')
		back=$((back + b)) moved=$((moved + f))
	fi
done
tap_diag "$n cached reports taken while writing and resetting"
tap_result "$([ "$n" -gt 5 ]; echo $?)" "cached reports ran alongside ($n)"
tap_result "$bad" "every cached report is coherent"
tap_result "$back" "the writers' write pointers never moved back in a cached report"
tap_result "$([ "$moved" -gt 0 ]; echo $?)" \
	"the cached reports saw the writers move ($moved times)"
zonectl_zones "$DEV" > "$tmp/end"
tap_is "the writers filled their four zones" \
	"$(sed -n "$((wz + 1)),$((wz + 4))p" "$tmp/end" | awk '$6 == 14' | wc -l)" 4
check_cached "writers, resets and cached reports at once"
rm -rf "$tmp"
tap_done
