# core: yes
# setups: scsi_debug-hm nvme-zns nvme-zns-deadline
# The races of a cached report with what makes the cache untrusted: while a
# loop of cached reports refreshes stale zones from the device, passthrough
# resets (sg_reset_wp, nvme zns reset-zone) invalidate the zones that the
# device has just described, and on NVMe controller rescans replace the
# cache under the reports.  An invalidation that a refresh loses, a report
# that reads a condemned or a replaced cache, leaves a cached zone that the
# device contradicts once all is quiet: after each round, the cached report
# equals the device report.  The seed is printed; BLKZONE_SEED=N repeats a
# run.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$here/passthrough.sh"

seed=${BLKZONE_SEED:-$(( $(date +%s%N) % 1000000007 ))}
tap_diag "seed $seed"
RANDOM=$seed
zonectl_zones "$DEV" > "$tmp/zones"
zsz=$(head -1 "$tmp/zones" | cut -d' ' -f2)
lbs=$(cat "/sys/block/$(basename "$DEV")/queue/logical_block_size")
seq=($(awk '$5 != 1 { print NR - 1 }' "$tmp/zones"))
# Few zones, so that resets and refreshes meet on the same ones; no more
# than the disk may have open at once.
max_open=$(cat "/sys/block/$(basename "$DEV")/queue/max_open_zones")
nz=6
[ "$max_open" -eq 0 ] || [ "$max_open" -ge $nz ] || nz=$max_open

# round N: write the round's zones, then reset them through passthrough
# while cached reports run (and, on NVMe, the controller rescans).
round() {
	local zones=() z i end
	for ((i = 0; i < nz; i++)); do
		zones+=("${seq[RANDOM % ${#seq[@]}]}")
	done
	failed=0
	for z in "${zones[@]}"; do
		dd if=/dev/zero of="$DEV" bs="$lbs" count=$((1 + RANDOM % 8)) \
			seek=$(( $(zonectl_zones "$DEV" |
				awk -v z=$((z + 1)) 'NR == z { print $1 + $4 }') * 512 / lbs)) \
			oflag=direct status=none 2> /dev/null || failed=$((failed + 1))
	done
	tap_is "race round $1: the writes to its zones ${zones[*]} succeeded" \
		"$failed failed" "0 failed"
	end=$((SECONDS + 3))
	( while [ $SECONDS -lt $end ]; do zonectl report --cached "$DEV" > /dev/null 2>&1; done ) &
	( while [ $SECONDS -lt $end ]; do zonectl report --cached "$DEV" > /dev/null 2>&1; done ) &
	(
		while [ $SECONDS -lt $end ]; do
			for z in "${zones[@]}"; do
				# Each reset is slow while the controller rescans:
				# the round ends on time, not after all its zones.
				[ $SECONDS -lt $end ] || break
				passthrough_reset "$z"
				dd if=/dev/zero of="$DEV" bs="$lbs" count=1 \
					seek=$((z * zsz * 512 / lbs)) oflag=direct \
					status=none 2> /dev/null
			done
		done
	) &
	if [ $kind = nvme ]; then
		while [ $SECONDS -lt $end ]; do
			echo 1 > "$device/rescan_controller"
			sleep 0.5
		done
	fi
	wait
	# The rescan work may still run.
	[ $kind = scsi ] || sleep 1
}

for n in 1 2 3 4 5; do
	round "$n"
	check_cached "race round $n (zones reset by passthrough under cached reports)"
	# Each round leaves its zones written, so active: the next round's
	# writes would pass the disk's active zone limit (NVMe: 10).
	blkzone reset "$DEV"
done
tap_done
