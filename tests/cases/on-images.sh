# The library test cases of tests/cases on zone images whose geometries
# match the guest's disk setups (tests/guest/setups), each with what the
# setup expects exported as the guest setups export it.  Images have no
# smaller last zone, which only the guest's disks cover.
#
# The cases open their device with O_DIRECT.  The images live on an ext4
# file system made for the run in a file and mounted through a loop device,
# so that they get direct I/O as applications' images on a disk file system
# do, whatever TMPDIR is (tmpfs took no O_DIRECT before Linux 6.6).  That
# needs root and loop devices; without them the whole file is skipped.
. "$top_srcdir/tests/helpers/tap.sh"
. "$top_srcdir/tests/cases/lib-cases.sh"

dir=$(mktemp -d "${TMPDIR:-/tmp}/blkzone-cases.XXXXXX") || exit 1
mnt=$dir/mnt
cleanup() {
	mountpoint -q "$mnt" && umount "$mnt"
	rm -rf "$dir"
}
trap cleanup EXIT

# Mounts an ext4 file system on $mnt, or prints why it cannot.
mount_ext4() {
	[ "$(id -u)" = 0 ] || { echo "not root: cannot mount a file system"; return; }
	[ -e /dev/loop-control ] || { echo "no loop devices (/dev/loop-control)"; return; }
	command -v mkfs.ext4 >/dev/null || { echo "mkfs.ext4 not found"; return; }
	mkdir "$mnt" && truncate -s 4G "$dir/ext4.img" &&
		mkfs.ext4 -q -F "$dir/ext4.img" >/dev/null 2>&1 ||
		{ echo "cannot make an ext4 file system in $dir"; return; }
	mount -o loop "$dir/ext4.img" "$mnt" 2>"$dir/mount.err" ||
		echo "cannot mount ext4 through a loop device: $(head -1 "$dir/mount.err")"
}
why=$(mount_ext4)
[ -z "$why" ] || skip_all "$why"
echo "# zone images on ext4 at $mnt, opened with O_DIRECT"
MiB=1048576

# NAME MODEL LBS ZONE_SIZE ZONE_CAP NR_ZONES NR_CONV MAX_OPEN MAX_ACTIVE
geometries="
scsi_debug-hm     hm 512  $((4 * MiB)) 0            64  4 0 0
scsi_debug-hm-4k  hm 4096 $((2 * MiB)) 0            64  1 0 0
scsi_debug-ha     ha 512  $((4 * MiB)) 0            64  2 0 0
null_blk          hm 512  $((4 * MiB)) $((3 * MiB)) 256 4 0 0
hm-limits         hm 4096 $((1 * MiB)) 0            32  0 4 6
ha-limits         ha 4096 $((1 * MiB)) $((MiB / 2)) 32  0 5 8
"

while read -r name model lbs zs cap nr conv mo ma; do
	[ -n "$name" ] || continue
	img=$mnt/$name.img
	# zonectl takes sizes in 512-byte sectors; no --zone-capacity is the
	# zone size.
	capopt=
	[ "$cap" = 0 ] || capopt="-c $((cap / 512))"
	# shellcheck disable=SC2086
	if ! "$ZONECTL" mkimage -q -m "$model" -b "$lbs" -z $((zs / 512)) $capopt \
		-n "$nr" --conv "$conv" --max-open "$mo" --max-active "$ma" "$img"; then
		tap_result 1 "$name: make the image"
		continue
	fi
	(
		EXPECT_ZONED=host-managed
		[ "$model" = ha ] && EXPECT_ZONED=host-aware
		EXPECT_LBS=$lbs EXPECT_MAX_OPEN=$mo EXPECT_MAX_ACTIVE=$ma
		EXPECT_SMALL_CAP=
		[ "$cap" != 0 ] && EXPECT_SMALL_CAP=1
		export EXPECT_ZONED EXPECT_LBS EXPECT_SMALL_CAP EXPECT_MAX_OPEN EXPECT_MAX_ACTIVE
		unset EXPECT_SMALL_LAST
		for c in $LIB_CASES; do
			lc_run "$name.${c##*/}" "$img" "$top_builddir/$c"
		done
		echo "$tap_count $tap_failed" > "$dir/$name.count"
	)
	read -r tap_count tap_failed < "$dir/$name.count"
	rm -f "$img"
done <<< "$geometries"
tap_done
[ "$tap_failed" -eq 0 ]
