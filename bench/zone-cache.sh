#!/bin/bash
# Measure the kernel series' zone cache, in guests, patched against stock:
#  - full zone report, cached against device, at the ioctl level
#    (tests/guest/progs/report-time), on a scsi_debug host-managed disk
#    with 16,384 zones and a disk-like command delay, and on a null_blk
#    disk with 65,536 zones;
#  - fio sequential write IOPS on zoned null_blk, patched and stock guests
#    interleaved;
#  - memory per zone: vmalloc growth when a null_blk disk of 1,048,576
#    zones is created, patched against stock.
#
#   bench/zone-cache.sh [--runs N] > results.txt
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=5
[ "${1:-}" = --runs ] && runs=$2

"$top/scripts/install-deps.sh"
"$top/scripts/build.sh"
patched=$("$top/kernel/build.sh" --quiet)
stock=$("$top/kernel/build.sh" --quiet --stock)

# guest KDIR SCRIPT: run SCRIPT (bash) in a guest on KDIR, print its output.
guest() {
	local share
	share=$(mktemp -d /tmp/blkzone-bench.XXXXXX)
	cat > "$share/job.sh" <<JOB
export BLKZONE_KDIR=$1 BLKZONE_BUILD=$top
. $top/tests/guest/devices.sh
. $top/tests/guest/env.sh
exec > /run/results/out 2>&1
$2
JOB
	"$top/tests/guest/boot.sh" --timeout 1800 "$1" "$share" >&2 ||
		{ cat "$share/out" >&2; rm -rf "$share"; return 1; }
	cat "$share/out"
	rm -rf "$share"
}

echo "# report time: median of $runs full reports, ms, and ioctls per report"
guest "$patched" "
dev=\$(scsi_debug_add zbc=host-managed zone_size_mb=1 zone_nr_conv=0 virtual_gb=16 dev_size_mb=64 ndelay=20000000)
echo \"scsi_debug 16384 zones, 20 ms per command, 4096 zones per ioctl:\"
report-time \$dev 4096 $runs
module_remove scsi_debug
dev=\$(null_blk_add nr_devices=1 zoned=1 zone_size=1 gb=64)
echo \"null_blk \$(zone-ioctl \$dev getnrzones) zones, 4096 zones per ioctl:\"
report-time \$dev 4096 $runs
"

fio_iops() {
	guest "$1" "
dev=\$(null_blk_add nr_devices=1 zoned=1 zone_size=64 gb=16 irqmode=0 queue_mode=2 submit_queues=2)
fio --name=seqwrite --filename=\$dev --direct=1 --zonemode=zbd --rw=write \
	--bs=4k --ioengine=psync --numjobs=1 --time_based --runtime=10 \
	--output-format=terse --terse-version=3 | cut -d';' -f49
"
}
echo "# fio sequential write IOPS on zoned null_blk (4 KiB, psync, 10 s), interleaved"
for i in $(seq "$runs"); do
	echo "patched $(fio_iops "$patched")"
	echo "stock $(fio_iops "$stock")"
done

vmalloc_growth() {
	guest "$1" "
before=\$(awk '/VmallocUsed/ { print \$2 }' /proc/meminfo)
dev=\$(null_blk_add nr_devices=1 zoned=1 zone_size=1 gb=1024)
after=\$(awk '/VmallocUsed/ { print \$2 }' /proc/meminfo)
echo \$(( (after - before) * 1024 )) \$(zone-ioctl \$dev getnrzones)
"
}
echo "# vmalloc growth (bytes) creating a null_blk disk, and its zones"
echo "patched $(vmalloc_growth "$patched")"
echo "stock $(vmalloc_growth "$stock")"
