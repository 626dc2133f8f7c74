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
# Each timing is taken twice: on the guest's wall clock, and in a guest
# whose clock counts instructions (QEMU -icount shift=0: one instruction
# per nanosecond), which host load does not disturb.  Without KVM, the
# wall clock makes CPU work some 10 to 20 times slower than on hardware
# while device delays stay real; the instruction clock is closer to a
# real CPU, and repeatable to a fraction of a percent.
#
#   bench/zone-cache.sh [--runs N] > results.txt
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=5
[ "${1:-}" = --runs ] && runs=$2
icount="-icount shift=0,sleep=off"

"$top/scripts/install-deps.sh"
"$top/scripts/build.sh"
patched=$("$top/kernel/build.sh" --quiet)
stock=$("$top/kernel/build.sh" --quiet --stock)

. "$top/bench/guest.sh"

# report_times: report-time's lines, each pair followed by its ratio.
report_times() {
	guest "$patched" "
dev=\$(scsi_debug_add zbc=host-managed zone_size_mb=1 zone_nr_conv=0 virtual_gb=16 dev_size_mb=64 ndelay=20000000)
echo \"scsi_debug \$(zone-ioctl \$dev getnrzones) zones, 20 ms per command, 4096 zones per ioctl:\"
report-time \$dev 4096 $runs
module_remove scsi_debug
dev=\$(null_blk_add nr_devices=1 zoned=1 zone_size=1 gb=64)
echo \"null_blk \$(zone-ioctl \$dev getnrzones) zones, 4096 zones per ioctl:\"
report-time \$dev 4096 $runs
" | awk '/^(device|cached) / { ms[$1] = $2 }
	 { print }
	 /^cached / { printf "ratio device/cached %.1f\n", ms["device"] / ms["cached"] }'
}

echo "# report time: median of $runs full reports (ms), ioctls per report, first report (ms)"
echo "## guest wall clock"
report_times
echo "## instruction clock (-icount shift=0)"
BLKZONE_QEMU_ARGS=$icount report_times

fio_iops() {
	guest "$1" "
dev=\$(null_blk_add nr_devices=1 zoned=1 zone_size=64 gb=16 irqmode=0 queue_mode=2 submit_queues=2)
fio --name=seqwrite --filename=\$dev --direct=1 --zonemode=zbd --rw=write \
	--bs=4k --ioengine=psync --numjobs=1 --time_based --runtime=$2 \
	--output-format=terse --terse-version=3 | cut -d';' -f49
"
}
echo "# fio sequential write IOPS on zoned null_blk (4 KiB, psync), interleaved"
echo "## guest wall clock, 10 s per run"
for i in $(seq "$runs"); do
	echo "patched $(fio_iops "$patched" 10)"
	echo "stock $(fio_iops "$stock" 10)"
done | medians
echo "## instruction clock (-icount shift=0), 3 s per run"
for i in $(seq "$runs"); do
	echo "patched $(BLKZONE_QEMU_ARGS=$icount fio_iops "$patched" 3)"
	echo "stock $(BLKZONE_QEMU_ARGS=$icount fio_iops "$stock" 3)"
done | medians

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
