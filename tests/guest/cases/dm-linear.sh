# core: yes
# A dm-linear device stacked on the zoned disk carries its zoned model and
# chunk_sectors (the 2016 series' stacking of limits), reports the same
# zones, and its cached report (dm is bio-based: no zone cache, a device
# report) equals its device report.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
if ! command -v dmsetup > /dev/null; then
	echo "1..0 # SKIP dmsetup is not installed"
	exit 0
fi
tmp=$(mktemp -d)
export DM_DISABLE_UDEV=1
name=bz-linear-$$
q=/sys/block/$(basename "$DEV")/queue
zsz=$(cat "$q/chunk_sectors")
# dm maps whole zones only: a smaller last zone stays out.
size=$(($(blockdev --getsz "$DEV") / zsz * zsz))
tap_run "dm-linear over $DEV" dmsetup create "$name" --table "0 $size linear $DEV 0"
dm=/dev/mapper/$name
dmq=/sys/block/$(dmsetup info -c --noheadings -o blkdevname "$name")/queue

tap_is "queue/zoned is carried" "$(cat "$dmq/zoned")" "$(cat "$q/zoned")"
tap_is "queue/chunk_sectors is carried" "$(cat "$dmq/chunk_sectors")" "$(cat "$q/chunk_sectors")"
tap_is "queue/nr_zones is the number of whole zones" "$(cat "$dmq/nr_zones")" $((size / zsz))

zonectl_zones "$DEV" > "$tmp/disk"
first_seq=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/disk")
tap_run "write 64 KiB through dm into zone $first_seq" dd if=/dev/zero of="$dm" \
	bs=64k count=1 oflag=direct status=none seek=$((first_seq * zsz / 128))
zonectl_zones "$DEV" | head -n $((size / zsz)) > "$tmp/disk"
zonectl_zones "$dm" > "$tmp/dm"
tap_same_file "dm reports the zones of the disk" "$tmp/dm" "$tmp/disk"
DEV=$dm check_cached "a write through dm"
tap_run "remove dm-linear" dmsetup remove "$name"
rm -rf "$tmp"
tap_done
