# debug-kernel: no
# zonectl dump and restore on the disk: after a seeded workload (writes,
# an explicit open, a close, a finish, within the open and active limits),
# the report of the dump equals the disk's; the disk reset and restored
# from the dump has the same report and the same data (checksums of the
# zones the workload touched); each refusal (zones not empty, an existing
# image) changes nothing.  A disk with zones that no image can hold is
# refused with the zone named and no image made.  A dump killed part way
# leaves no image, or a whole one.  The seed is printed;
# BLKZONE_SEED=N repeats a run.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dump.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
q=/sys/block/$(basename "$DEV")/queue

seed=${BLKZONE_SEED:-$(( $(date +%s%N) % 1000000007 ))}
tap_diag "seed $seed"
RANDOM=$seed

zonectl_zones "$DEV" > "$tmp/zones"
seq=($(awk '$5 != 1 { print NR - 1 }' "$tmp/zones"))
nconv=$(awk '$5 == 1 { n++ } END { print n + 0 }' "$tmp/zones")
mo=$(cat "$q/max_open_zones" 2>/dev/null || echo 0)
ma=$(cat "$q/max_active_zones" 2>/dev/null || echo 0)
lbs=$(cat "$q/logical_block_size")
zsz=$(($(cat "$q/chunk_sectors") * 512))

# The workload: at most 4 zones active, 3 of them open at the end.
limit=4
[ "$ma" -gt 0 ] && [ "$ma" -lt $limit ] && limit=$ma
[ "$mo" -gt 0 ] && [ "$mo" -lt $((limit - 1)) ] && limit=$((mo + 1))
{
	[ "$nconv" -gt 0 ] && echo "write 0 $((1 + RANDOM % 8))"
	echo "write ${seq[0]} $((1 + RANDOM % 64))"
	echo "finish ${seq[1]}"
	[ $limit -ge 2 ] && echo "open ${seq[2]}" && echo "write ${seq[2]} $((1 + RANDOM % 16))"
	[ $limit -ge 3 ] && echo "write ${seq[3]} $((1 + RANDOM % 16))" && echo "close ${seq[3]}"
	[ $limit -ge 4 ] && echo "write ${seq[4]} $((1 + RANDOM % 16))"
} > "$tmp/script"
zone-script "$DEV" "$tmp/script" > /dev/null 2> "$tmp/steps"
span=$((${seq[4]:-${seq[3]}} + 1))

# zones DEV: its report, the write pointer of full zones left out (stock
# null_blk puts it at the zone capacity, everything else at the zone end).
zones() {
	zonectl_zones "$1" | awk '$6 == 14 { $4 = "-" } { print }'
}

# checksum: the data of the zones the workload touched.
checksum() {
	dd if="$DEV" bs="$zsz" count="$span" iflag=direct status=none |
		sha256sum | cut -d' ' -f1
}

img=$tmp/disk.img
if ! zonectl dump --data "$DEV" "$img" > "$tmp/out" 2> "$tmp/err"; then
	tap_run "a disk no image holds: the zone is named" \
		grep -q "no zone image can hold it: zone [0-9]* is" "$tmp/err"
	tap_run "...and no image made" test ! -e "$img"
	tap_diag "$(cat "$tmp/err")"
	tap_done
	exit 0
fi
tap_run "dump: one line" test "$(cat "$tmp/out")" = \
	"$img: the $(wc -l < "$tmp/zones") zones of $DEV, with their data"
zones "$DEV" > "$tmp/device"
zonectl_zones "$DEV" > "$tmp/zones.after"
zones "$img" > "$tmp/image"
tap_same_file "the dump's report equals the disk's" "$tmp/image" "$tmp/device"
sum=$(checksum)
# What the image takes against what the workload wrote (full zones count
# their capacity: they read whole).
written=$(awk '$5 != 1 { w += ($6 == 14 ? $3 : $4) } END { print w * 512 }' \
	"$tmp/zones.after" 2> /dev/null || echo 0)
tap_diag "image: $(du -B1 "$img" | cut -f1) bytes allocated, $(stat -c %s "$img") in size, for $written bytes in sequential zones"

cp --sparse=always "$img" "$tmp/copy"
tap_run "dump onto an existing image refused" \
	sh -c "! zonectl dump '$DEV' '$img' 2> /dev/null"
tap_run "...which is unchanged" cmp -s "$img" "$tmp/copy"
tap_run "restore onto zones not empty refused" \
	sh -c "! zonectl restore '$img' '$DEV' 2> /dev/null"
zones "$DEV" > "$tmp/after"
tap_same_file "...the disk unchanged" "$tmp/after" "$tmp/device"

# A dump killed part way leaves no image, or a whole one.
zonectl dump --data "$DEV" "$tmp/killed" > /dev/null 2>&1 &
sleep 0.0$((RANDOM % 10))
kill -9 $! 2> /dev/null
wait
if [ -e "$tmp/killed" ]; then
	zones "$tmp/killed" > "$tmp/k" 2>&1
	tap_same_file "a killed dump left a whole image" "$tmp/k" "$tmp/device"
else
	tap_is "a killed dump left nothing" "$(ls "$tmp" | grep -c killed)" 0
fi

tap_run "reset of every zone" zonectl reset --all "$DEV"
tap_run "restore" zonectl restore -q "$img" "$DEV"
zones "$DEV" > "$tmp/after"
tap_same_file "the restored disk's report equals the dump's" \
	"$tmp/after" "$tmp/image"
tap_is "the restored data equals the dump's" "$(checksum)" "$sum"
if [ "$BLKZONE_KERNEL" != stock ]; then
	check_cached "a restore"
fi
tap_done
