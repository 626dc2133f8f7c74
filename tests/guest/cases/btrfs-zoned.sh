# needs-series: no
# debug-setups: scsi_debug-hm nvme-zns
# btrfs in zoned mode, the kernel's own zoned user (data written by zone
# append, metadata by plain writes, zones reset as it reuses them): mkfs,
# mount, files of a few sizes written and fsynced, some deleted, unmount,
# mount again; every remaining file keeps its size and content.  After each
# step the cached report equals the device report (on the stock kernel the
# cached report falls back to the device, so this runs there too).  Disks
# that btrfs cannot use are skipped with the reason: 6.1's btrfs refuses
# zones under 4 MiB and fewer than 8 active zones (fs/btrfs/zoned.c), and
# mkfs.btrfs a disk with too few zones.  The seed of the file contents is
# printed; BLKZONE_SEED=N repeats a run.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)
mnt=$tmp/mnt
mkdir "$mnt"
q=/sys/block/$(basename "$DEV")/queue

# skip_all REASON: the whole case skipped, the disk left as it was found.
skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

# bail WHY: a step the rest depends on failed: stop here, with the
# kernel's last words (no plan: run.sh counts the case as ended early).
bail() {
	tap_diag "stopping: $1" "$(dmesg | tail -15)"
	exit 1
}

# A case killed by its timeout must not leave the disk mounted or frozen:
# the next setup removes it.  Nor may it leave a file system signature:
# a superblock in a conventional zone outlives the next case's zone reset,
# and blkdiscard, mkfs and others refuse a disk that holds one.
made_fs=0
cleanup() {
	if mountpoint -q "$mnt"; then
		fsfreeze -u "$mnt" 2> /dev/null
		umount "$mnt"
	fi
	[ "$made_fs" -eq 0 ] || mountpoint -q "$mnt" || wipefs -a -q "$DEV"
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 143' TERM

command -v mkfs.btrfs > /dev/null || skip_all "mkfs.btrfs is not installed (btrfs-progs)"
command -v openssl > /dev/null || skip_all "openssl (the file contents' generator) is not installed"
grep -qw btrfs /proc/filesystems || skip_all "the guest kernel has no btrfs"
zone_kib=$(($(cat "$q/chunk_sectors") / 2))
[ "$zone_kib" -ge 4096 ] ||
	skip_all "btrfs on 6.1 needs zones of at least 4 MiB, $DEV has zones of $zone_kib KiB"
max_active=$(cat "$q/max_active_zones")
[ "$max_active" -eq 0 ] || [ "$max_active" -ge 8 ] ||
	skip_all "btrfs on 6.1 needs at least 8 active zones, $DEV allows $max_active"

# 6.1's btrfs corrupts memory on a host-aware disk of 4 KiB blocks with no
# conventional zone: on the stock kernel as on the patched one, page-table
# entries overwritten while files are written, and on the debug kernel a
# KASAN use-after-free in find_first_extent_bit_state() from
# btrfs_finish_extent_commit() at umount (scsi_debug-random seed 106).
if [ "$(cat "$q/zoned")" = host-aware ] &&
	[ "$(cat "$q/logical_block_size")" -eq 4096 ] &&
	! blkzone report "$DEV" | grep -q CONVENTIONAL; then
	skip_all "6.1's btrfs corrupts memory on a host-aware disk of 4 KiB blocks without conventional zones"
fi

seed=${BLKZONE_SEED:-$(( $(date +%s%N) % 1000000007 ))}
tap_diag "seed $seed"

# content NAME SIZE: SIZE bytes that only the seed and NAME determine
# (AES-CTR of zeros), different in every block, so that a block written
# in the wrong place or read from the wrong place is caught.
content() {
	openssl enc -aes-128-ctr -nosalt -pbkdf2 -pass "pass:$seed-$1" \
		< /dev/zero 2> /dev/null | head -c "$2"
}

# check_frozen WHEN: check_cached with the file system frozen, so that no
# background write of btrfs (a transaction commit, a reclaim) falls between
# the device and the cached report.
check_frozen() {
	# Not mounted, $mnt is on the guest's tmpfs, which must not freeze.
	mountpoint -q "$mnt" || bail "$mnt is not mounted"
	fsfreeze -f "$mnt"
	check_cached "$1"
	fsfreeze -u "$mnt"
}

# mkfs.btrfs refuses a disk with too few zones: a skip, with its words;
# any other failure is one.
made_fs=1
if ! mkfs.btrfs -f -O zoned -d single -m single "$DEV" > "$tmp/mkfs.log" 2>&1; then
	if grep -qiE 'too small|not enough' "$tmp/mkfs.log"; then
		skip_all "mkfs.btrfs: $(grep -iE 'too small|not enough' "$tmp/mkfs.log" | head -1)"
	fi
	tap_result 1 "mkfs.btrfs -O zoned on $DEV"
	tap_diag "$(cat "$tmp/mkfs.log")"
	bail "no file system"
fi
tap_result 0 "mkfs.btrfs -O zoned on $DEV"
check_cached "mkfs.btrfs"

tap_run "mount" mount -t btrfs "$DEV" "$mnt" || bail "not mounted"
tap_is "btrfs runs in zoned mode" \
	"$(cat /sys/fs/btrfs/*/features/zoned 2> /dev/null | head -1)" 1
check_frozen "mount"

# Sizes around blocks, pages, zone append limits and zones (several zones
# for the largest, more than a 4 MiB zone holds).
sizes=(1 4095 4096 65537 131072 1048579 5242880 9437183)
for i in "${!sizes[@]}"; do
	f=f$i
	sum=$(content "$f" "${sizes[i]}" | tee "$mnt/$f" | sha256sum | cut -d' ' -f1)
	sync "$mnt/$f" || echo "fsync of $f failed" >&2
	echo "$sum ${sizes[i]} $f"
done > "$tmp/files" 2> "$tmp/write.log"
tap_is "${#sizes[@]} files written and fsynced" \
	"$(ls "$mnt" | wc -l) $(wc -c < "$tmp/write.log")" "${#sizes[@]} 0" ||
	tap_diag "$(cat "$tmp/write.log")"
tap_is "some sequential zones were written" \
	"$(zonectl_zones "$DEV" | awk '$5 != 1 && $6 != 1 { n++ } END { print (n > 0) }')" 1
check_frozen "files written and fsynced"

# Every other file deleted, the deletion committed.
for i in 1 3 5 7; do rm "$mnt/f$i"; done
sync -f "$mnt"
awk '$3 !~ /^f[1357]$/' "$tmp/files" > "$tmp/kept"
check_frozen "files deleted"

tap_run "umount" umount "$mnt" || bail "still mounted"
check_cached "umount"
tap_run "mount again" mount -t btrfs "$DEV" "$mnt" || bail "not mounted again"
check_frozen "mount again"

tap_is "the deleted files are gone, the others are there" \
	"$(ls "$mnt" | sort | tr '\n' ' ')" "$(cut -d' ' -f3 "$tmp/kept" | sort | tr '\n' ' ')"
while read -r sum size f; do
	tap_is "$f: $size bytes, the same content" \
		"$(stat -c %s "$mnt/$f" 2>&1) $(sha256sum < "$mnt/$f" 2>&1 | cut -d' ' -f1)" \
		"$size $sum"
done < "$tmp/kept"

tap_run "umount" umount "$mnt"
check_cached "the last umount"
# The next case starts on empty zones and no file system signature.
tap_run "wipefs" wipefs -a -q "$DEV" && made_fs=0
tap_is "no signature is left" "$(blkid -p -o value -s TYPE "$DEV")" ""
blkzone reset "$DEV"
tap_done
