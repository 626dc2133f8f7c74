# core: yes
# regular-disk: yes
# The zoned block interface that 6.1 has from the 2016 series: sysfs
# attributes, BLKGETZONESZ/BLKGETNRZONES, BLKREPORTZONE from any sector and
# count, and reset, open, close and finish with their conditions, write
# pointers and errors.  After each operation, the cached report of the zone
# agrees with the device report.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)
queue=/sys/block/$(basename "$DEV")/queue

tap_is "queue/zoned is $EXPECT_ZONED" "$(cat "$queue/zoned")" "$EXPECT_ZONED"
if [ "$EXPECT_ZONED" = none ]; then
	tap_run "BLKREPORTZONE on a regular disk fails" \
		sh -c "! zone-ioctl $DEV report 0 1"
	tap_is "with ENOTTY" "$(zone-ioctl "$DEV" report 0 1 2>&1)" "report: ENOTTY"
	# The patched kernel knows BLKREPORTZONEV2 and refuses a regular disk
	# as BLKREPORTZONE does; the stock kernel passes it to sd as unknown.
	v2_errno=ENOTTY
	[ "$BLKZONE_KERNEL" = stock ] && v2_errno=EINVAL
	tap_is "cached BLKREPORTZONEV2 on a regular disk gives $v2_errno" \
		"$(zone-ioctl "$DEV" report 0 1 cached 2>&1)" "report: $v2_errno"
	tap_done
	exit 0
fi

zsz=$(zone-ioctl "$DEV" getzonesz)
nr=$(zone-ioctl "$DEV" getnrzones)
tap_is "BLKGETZONESZ equals queue/chunk_sectors" "$zsz" "$(cat "$queue/chunk_sectors")"
tap_is "BLKGETNRZONES equals queue/nr_zones" "$nr" "$(cat "$queue/nr_zones")"
lbs=$(cat "$queue/logical_block_size")
tap_is "logical block size is ${EXPECT_LBS:-512}" "$lbs" "${EXPECT_LBS:-512}"

zone-ioctl "$DEV" report 0 "$nr" > "$tmp/all"
tap_is "a full report has every zone" "$(wc -l < "$tmp/all")" "$nr"
capacity=$(($(cat /sys/block/$(basename "$DEV")/size)))
last_len=$(tail -1 "$tmp/all" | cut -d' ' -f2)
tap_is "the zones cover the disk" \
	"$(($(tail -1 "$tmp/all" | cut -d' ' -f1) + last_len))" "$capacity"
if [ -n "$EXPECT_SMALL_LAST" ]; then
	tap_run "the last zone is smaller ($last_len < $zsz)" test "$last_len" -lt "$zsz"
fi

# Reports from inside a zone, of a few zones, and past the end.
mid=$((nr / 2))
zone-ioctl "$DEV" report $((mid * zsz + 7)) 3 > "$tmp/part"
sed -n "$((mid + 1)),$((mid + 3))p" "$tmp/all" > "$tmp/expect"
tap_same_file "a report from inside zone $mid gives zones $mid to $((mid + 2))" \
	"$tmp/part" "$tmp/expect"
zone-ioctl "$DEV" report $(((nr - 1) * zsz)) 100 > "$tmp/part"
tap_is "a report of 100 zones from the last zone gives one" "$(wc -l < "$tmp/part")" 1

seq=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/all")
start=$((seq * zsz))
len=$(sed -n "$((seq + 1))p" "$tmp/all" | cut -d' ' -f2)
cap=$(sed -n "$((seq + 1))p" "$tmp/all" | cut -d' ' -f3)
if [ -n "$EXPECT_SMALL_CAP" ]; then
	tap_run "zone capacity is smaller than zone size ($cap < $len)" test "$cap" -lt "$len"
fi

# check_zone DESC COND WP: the device and the cached report of zone $seq.
check_zone() {
	local got cached
	got=$(zone-ioctl "$DEV" report "$start" 1)
	tap_is "$1: condition $2, write pointer $3" \
		"$(echo "$got" | cut -d' ' -f6) $(($(echo "$got" | cut -d' ' -f4) - start))" "$2 $3"
	tap_is "$1: cached report agrees" \
		"$(zonectl_cached_zones "$DEV" -O "$start" -c 1)" \
		"$(zonectl_zones "$DEV" -O "$start" -c 1 | fold_active)"
}

sectors_per_block=$((lbs / 512))
# ZBC empties an open zone closed with nothing written; NVMe may leave it
# closed (the setup says which).
closed_empty=1
[ -n "${EXPECT_CLOSED_EMPTY:-}" ] && closed_empty=4
tap_run "open zone $seq" zone-ioctl "$DEV" open "$start" "$zsz"
check_zone "opened" 3 0
tap_run "close it" zone-ioctl "$DEV" close "$start" "$zsz"
check_zone "closed while empty" "$closed_empty" 0
tap_run "write one block" dd if=/dev/zero of="$DEV" bs="$lbs" count=1 \
	seek=$((start / sectors_per_block)) oflag=direct status=none
check_zone "written" 2 "$sectors_per_block"
tap_run "close it" zone-ioctl "$DEV" close "$start" "$zsz"
check_zone "closed" 4 "$sectors_per_block"
tap_run "finish it" zone-ioctl "$DEV" finish "$start" "$zsz"
check_zone "finished" 14 "$len"
tap_run "reset it" zone-ioctl "$DEV" reset "$start" "$zsz"
check_zone "reset" 1 0

# expect_errno DESC ERRNO COMMAND...: the command fails with ERRNO.
expect_errno() {
	local desc=$1 want=$2 out
	shift 2
	out=$("$@" 2>&1) && { tap_result 1 "$desc"; tap_diag "succeeded: $*"; return; }
	tap_is "$desc" "${out##*: }" "$want"
}
expect_errno "reset of a misaligned range gives EINVAL" EINVAL \
	zone-ioctl "$DEV" reset $((start + sectors_per_block)) "$zsz"
expect_errno "reset of a partial zone gives EINVAL" EINVAL \
	zone-ioctl "$DEV" reset "$start" $((zsz / 2))
expect_errno "reset past the end gives EINVAL" EINVAL \
	zone-ioctl "$DEV" reset "$capacity" "$zsz"
expect_errno "reset through a read-only descriptor gives EBADF" EBADF \
	zone-ioctl -r "$DEV" reset "$start" "$zsz"
expect_errno "open through a read-only descriptor gives EBADF" EBADF \
	zone-ioctl -r "$DEV" open "$start" "$zsz"

rm -rf "$tmp"
tap_done
