#!/bin/bash
# btrfs mount time on a host-managed disk with many zones, patched kernel
# against stock, side by side in one run, in guests whose clock counts
# instructions (QEMU -icount shift=0, sleep=off: one instruction per
# nanosecond, device delays counted in full).
#
# The disk: scsi_debug host-managed, zones of 4 MiB (btrfs' smallest), a
# delay of 20 ms on every command, as a disk that seeks.  btrfs reads every
# zone at mount: through a device report on the stock kernel, through the
# zone cache on the patched one.  The same files are checked after every
# mount.
#
#   bench/btrfs-mount.sh [--runs N] [--zones N] [--patched KDIR --stock KDIR]
#       > results.txt
#
# Without --patched and --stock, the kernels are those kernel/build.sh
# builds.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=5
zones=65536
patched= stock=
while [ $# -gt 0 ]; do
	case "$1" in
	--runs) runs=${2:?}; shift ;;
	--zones) zones=${2:?}; shift ;;
	--patched) patched=${2:?}; shift ;;
	--stock) stock=${2:?}; shift ;;
	*) echo "btrfs-mount.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
	shift
done
icount="-icount shift=0,sleep=off"

"$top/scripts/install-deps.sh"
"$top/scripts/build.sh"
[ -n "$patched" ] || patched=$("$top/kernel/build.sh" --quiet)
[ -n "$stock" ] || stock=$("$top/kernel/build.sh" --quiet --stock)

. "$top/bench/guest.sh"

# mount_times KDIR: for each timed mount, "mount MS", the commands the disk
# received and the reads among them, then the files' check.
# The backing store (704 MiB) is smaller than the disk and repeats: it
# holds the few zones a new file system writes, and the superblock copy at
# 64 GiB lands on zone 16 of it, which nothing else uses.
mount_times() {
	BLKZONE_QEMU_ARGS=$icount guest "$1" "
set -e
dev=\$(scsi_debug_add zbc=host-managed zone_size_mb=4 zone_nr_conv=0 \
	virtual_gb=$((zones * 4 / 1024)) dev_size_mb=704 statistics=1)
name=\$(basename \$dev)
mkfs.btrfs -q -f -O zoned -d single -m single \$dev > /dev/null 2>&1
bench_root bash env mount umount sha256sum head
mkdir -p \$BENCH_ROOT/mnt
bench_run mount \$dev /mnt
for i in 1 2 3; do bench_run head -c \$((i * 1048576)) /dev/urandom > \$BENCH_ROOT/mnt/f\$i; done
(cd \$BENCH_ROOT/mnt && sha256sum f1 f2 f3) > /run/sums
bench_run umount /mnt
# A cached report after mkfs' reset of all zones makes the cache trusted.
zonectl report --cached \$dev > /dev/null 2>&1
echo \$((20 * 1000 * 1000)) > /sys/bus/pseudo/drivers/scsi_debug/ndelay
echo zones \$(zone-ioctl \$dev getnrzones)
reads() { awk '{ print \$1 }' /sys/block/\$name/stat; }
for r in \$(seq $runs); do
	c=\$(scsi_debug_commands) rd=\$(reads)
	bench_run bash -c 's=\$EPOCHREALTIME; mount \"\$1\" /mnt; e=\$EPOCHREALTIME
		echo mount \$(( (\${e/./} - \${s/./}) / 1000 ))' _ \$dev
	echo commands \$((\$(scsi_debug_commands) - c)) reads \$((\$(reads) - rd))
	[ \"\$(stat -f -c %T \$BENCH_ROOT/mnt)\" = btrfs ] &&
		(cd \$BENCH_ROOT/mnt && sha256sum -c --quiet /run/sums) && echo files same
	bench_run umount /mnt
done
echo 0 > /sys/bus/pseudo/drivers/scsi_debug/ndelay
"
}

# median: the median of the numbers on standard input.
median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

echo "# btrfs mount (ms) on scsi_debug host-managed, $zones zones of 4 MiB, 20 ms per command; instruction clock"
p=$(mount_times "$patched")
s=$(mount_times "$stock")
echo "## patched"; echo "$p"
echo "## stock"; echo "$s"
for out in "$p" "$s"; do
	[ "$(echo "$out" | grep -c '^files same$')" -eq "$runs" ] ||
		{ echo "btrfs-mount.sh: a mount failed or changed the files" >&2; exit 1; }
done
pm=$(echo "$p" | awk '$1 == "mount" { print $2 }' | median)
sm=$(echo "$s" | awk '$1 == "mount" { print $2 }' | median)
echo "median mount patched $pm ms, stock $sm ms, stock/patched $(awk -v s="$sm" -v p="$pm" 'BEGIN { printf "%.1f", s / p }')"
