# debug-kernel: no
# The same random script of zone writes, resets, opens, closes and
# finishes, run through the library on the disk and on a zone image of the
# disk's geometry made in the guest's tmpfs, leaves the same zones.  The
# script touches at most as many zones as the open and active limits
# allow, so that neither side has to close a zone on its own (the image
# and a disk may choose different zones); zones past the image (a disk's
# smaller last zone, which images cannot have) are left out.  An open zone
# closed with nothing written is empty in ZBC, which the image follows, and
# may stay closed on NVMe ($EXPECT_CLOSED_EMPTY): the disk's closed empty
# zones are compared as empty.  The seed is printed; BLKZONE_SEED=N repeats
# a run.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/image-diff.XXXXXX")
q=/sys/block/$(basename "$DEV")/queue

seed=${BLKZONE_SEED:-$(( $(date +%s%N) % 1000000007 ))}
tap_diag "seed $seed"
RANDOM=$seed

zone-script "$DEV" > "$tmp/zones"
lbs=$(cat "$q/logical_block_size")
zsz=$(($(cat "$q/chunk_sectors") * 512))
nr=$(($(blockdev --getsize64 "$DEV") / zsz))
nconv=$(awk '$5 == 1 { n++ } END { print n + 0 }' "$tmp/zones")
first_seq=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/zones")
cap=$(($(sed -n "$((first_seq + 1))p" "$tmp/zones" | cut -d' ' -f3) * 512))
[ "$cap" -eq "$zsz" ] && cap=0
mo=$(cat "$q/max_open_zones" 2>/dev/null || echo 0)
ma=$(cat "$q/max_active_zones" 2>/dev/null || echo 0)
model=hm
[ "$EXPECT_ZONED" = host-aware ] && model=ha
tap_diag "image: $model, $lbs-byte blocks, $nr zones of $zsz bytes ($nconv conventional), capacity $cap, limits open $mo active $ma"
# zonectl takes sizes in 512-byte sectors; no --zone-capacity is the zone
# size.
capopt=()
[ "$cap" -eq 0 ] || capopt=(-c $((cap / 512)))
tap_run "make the image" zonectl mkimage -q -m "$model" -b "$lbs" \
	-z $((zsz / 512)) "${capopt[@]}" -n "$nr" --conv "$nconv" \
	--max-open "$mo" --max-active "$ma" "$tmp/img"

# The zones the script may touch: the first sequential ones, no more than
# the limits let be open or active at once.
k=6
[ "$mo" -gt 0 ] && [ "$mo" -lt "$k" ] && k=$mo
[ "$ma" -gt 0 ] && [ "$ma" -lt "$k" ] && k=$ma
ops=(reset open close finish write write write)
for i in $(seq 80); do
	z=$((first_seq + RANDOM % k))
	op=${ops[RANDOM % ${#ops[@]}]}
	if [ "$op" = write ]; then
		echo "write $z $((1 + RANDOM % 256))"
	else
		echo "$op $z"
	fi
done > "$tmp/script"

tap_run "the script on the disk" sh -c "zone-script '$DEV' '$tmp/script' > '$tmp/disk' 2> '$tmp/disk.log'"
tap_run "the script on the image" sh -c "zone-script '$tmp/img' '$tmp/script' > '$tmp/image' 2> '$tmp/image.log'"
if [ -n "${EXPECT_CLOSED_EMPTY:-}" ]; then
	head -n "$nr" "$tmp/disk" | awk '$6 == 4 && $4 == 0 { $6 = 1 } { print }'
else
	head -n "$nr" "$tmp/disk"
fi > "$tmp/disk.whole"
tap_same_file "the disk and the image have the same zones" "$tmp/image" "$tmp/disk.whole" ||
	tap_diag "$(diff "$tmp/image.log" "$tmp/disk.log" | head -40)"
tap_is "the script used some zones" \
	"$(awk '$6 != 1 && $6 != 0 { n++ } END { print (n > 0) }' "$tmp/disk")" 1

blkzone reset "$DEV"
rm -rf "$tmp"
tap_done
