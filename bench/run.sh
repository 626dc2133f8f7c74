#!/bin/bash
# The benchmark: zonectl and the kernel series against blkzone, zbd and the
# stock kernel, measured in guests, written to bench/RESULTS.md with a plot
# (bench/report-scaling.png).
#
#   bench/run.sh [--runs N] [--out DIR] [--quick]
#
# --quick checks the benchmark itself: one run on small disks, written to
# DIR (default /tmp/blkzone-bench-quick), not to bench/.
#
# Guests run with QEMU's -icount shift=0: guest time counts instructions (one
# per nanosecond), so host load does not move the results and runs agree to
# a fraction of a percent.  Device delays (scsi_debug's) stay as set.  The
# tools run from a tmpfs root inside the guest (bench/guest-root.sh), so
# that no timed run reads files over 9p.
#
# Measured, each at least --runs times (default 5), interleaved, as medians
# and min-max:
#  1. full zone report, output to /dev/null: zonectl report --cached,
#     zonectl report, blkzone report, zbd report; on scsi_debug host-managed
#     with 16,384 zones and 20 ms per command, and on null_blk with 1,024,
#     65,536 and 1,048,576 zones;
#  2. peak memory (maximum RSS) of each of those reports;
#  3. reset of all zones: zonectl reset --all, blkzone reset, and a loop of
#     single-zone resets, with the SCSI commands each issued (iorequest_cnt);
#  4. fio sequential and random-zone writes on zoned null_blk, patched
#     against stock kernel;
#  5. the performance targets (bench/targets-guest.sh): one full report
#     through libblkzone (cached) and through libzbd, each a small C program
#     (bench/report-lib*.c), on scsi_debug with 16,384 zones; zonectl report
#     --cached against blkzone report with 65,536 zones; zonectl summary
#     --cached against blkzone report counted by awk with 75,000 zones of
#     256 MiB (an 18 TiB drive), all scsi_debug host-managed at 20 ms per
#     command; zonectl report --json against nvme zns report-zones -o json
#     on an NVMe ZNS namespace of 16,384 zones; and the peak memory of
#     zonectl's commands on null_blk, NVMe and zone images;
#  6. btrfs mount time, patched against stock (bench/btrfs-mount.sh).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=5
out=
quick=
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=$2; shift ;;
	--out) out=$2; shift ;;
	--quick) quick=1 ;;
	*) echo "usage: bench/run.sh [--runs N] [--out DIR] [--quick]" >&2; exit 2 ;;
	esac
	shift
done
# Disk sizes in GiB: scsi_debug (16,384 zones of 1 MiB), null_blk; for the
# targets, scsi_debug of 65,536 zones of 1 MiB and of 75,000 of 256 MiB,
# the NVMe namespace (16,384 zones of 1 MiB) and zone images (zones).
sd_gb=16 nb_gbs="1 64 1024"
report_gb=64 summary_gb=18750 nvme_gb=16 mem_gbs="1 1024" image_zones="1024 1048576"
btrfs_zones=65536
if [ -n "$quick" ]; then
	runs=1 sd_gb=1 nb_gbs=1
	report_gb=1 summary_gb=4 nvme_gb=1 mem_gbs=1 image_zones=1024
	btrfs_zones=1024
	out=${out:-/tmp/blkzone-bench-quick}
fi
out=${out:-$top/bench}
mkdir -p "$out"
export BLKZONE_QEMU_ARGS="-icount shift=0,sleep=off"

"$top/scripts/install-deps.sh"
dpkg-query -W -f='${Status}\n' gnuplot-nox 2>/dev/null | grep -q 'ok installed' ||
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		gnuplot-nox >/dev/null
"$top/scripts/build.sh"
patched=$("$top/kernel/build.sh" --quiet)
stock=$("$top/kernel/build.sh" --quiet --stock)
data=$(mktemp /tmp/blkzone-bench-data.XXXXXX)

. "$top/bench/guest.sh"

# In the guest: "time DISK ZONES TOOL RUN MS" and "mem DISK ZONES TOOL KB".
reports_job='
bench_root zonectl blkzone zbd bash env setarch /usr/bin/time
# one_run TOOL DEV: the command line of TOOL reporting DEV.
one_run() {
	case $1 in
	zonectl-cached) echo zonectl report --cached "$2" ;;
	zonectl) echo zonectl report "$2" ;;
	blkzone) echo blkzone report "$2" ;;
	zbd) echo zbd report "$2" ;;
	esac
}
tools="zonectl-cached zonectl blkzone zbd"
# measure DISK DEV RUNS
measure() {
	local zones r t
	zones=$(zone-ioctl "$2" getnrzones)
	zonectl report --cached "$2" > /dev/null 2>&1	# warm the cache once
	for r in $(seq "$3"); do
		for t in $tools; do
			bench_run bash -c "s=\$EPOCHREALTIME; $(one_run $t "$2") > /dev/null; e=\$EPOCHREALTIME; echo \"time $1 $zones $t $r \$(( (\${e/./} - \${s/./}) / 1000 )).\$(( (\${e/./} - \${s/./}) % 1000 / 100 ))\""
		done
	done
	for t in $tools; do
		echo "mem $1 $zones $t $(bench_peak_kb $(one_run $t "$2"))"
	done
}
dev=$(scsi_debug_add zbc=host-managed zone_size_mb=1 zone_nr_conv=0 virtual_gb=SD_GB dev_size_mb=64 ndelay=20000000)
measure scsi_debug "$dev" RUNS
module_remove scsi_debug
for gb in NB_GBS; do
	dev=$(null_blk_add nr_devices=1 zoned=1 zone_size=1 gb=$gb)
	measure null_blk "$dev" RUNS
	module_remove null_blk
done
'

# In the guest: "reset DISK ZONES METHOD COMMANDS MS".
reset_job='
bench_root zonectl blkzone bash env
cmds() { echo $(( $(cat /sys/block/$(basename "$1")/device/iorequest_cnt) )); }
# reset_one DEV METHOD ZONES
reset_one() {
	local before s e
	zonectl finish --all --force "$1"
	before=$(cmds "$1")
	s=$EPOCHREALTIME
	case $2 in
	zonectl-all) bench_run zonectl reset --all "$1" ;;
	blkzone) bench_run blkzone reset "$1" ;;
	single-zone-loop)
		bench_run bash -c "for ((z = 0; z < $3; z++)); do blkzone reset -o \$((z * 2048)) -c 1 $1; done" ;;
	esac
	e=$EPOCHREALTIME
	echo "reset scsi_debug $3 $2 $(( $(cmds "$1") - before )) $(( (${e/./} - ${s/./}) / 1000 ))"
	[ "$(zonectl report -r -n -o COND "$1" | sort -u)" = em ] ||
		echo "reset: $2 left zones not empty" >&2
}
dev=$(scsi_debug_add zbc=host-managed zone_size_mb=1 zone_nr_conv=0 dev_size_mb=256)
for r in $(seq RUNS); do
	for m in zonectl-all blkzone single-zone-loop; do reset_one "$dev" $m 256; done
done
'

# In the guest: "fio KERNEL RW IOPS".
fio_job='
dev=$(null_blk_add nr_devices=1 zoned=1 zone_size=64 gb=16 irqmode=0 queue_mode=2 submit_queues=2)
for rw in write randwrite; do
	echo "fio KERNEL $rw $(fio --name=bench --filename=$dev --direct=1 \
		--zonemode=zbd --rw=$rw --bs=4k --ioengine=psync --numjobs=1 \
		--time_based --runtime=3 --max_open_zones=8 \
		--output-format=terse --terse-version=3 | cut -d";" -f49)"
	blkzone reset $dev
done
'

# In the guest: the targets' measures (bench/targets-guest.sh).
targets_job='
. $BLKZONE_BUILD/bench/targets-guest.sh
targets_root
sd() { scsi_debug_add zbc=host-managed zone_nr_conv=0 dev_size_mb=64 ndelay=20000000 "$@"; }
dev=$(sd zone_size_mb=1 virtual_gb=SD_GB)
target_measure lib "$dev" RUNS lib-blkzone-cached lib-zbd lib-blkzone
module_remove scsi_debug
dev=$(sd zone_size_mb=1 virtual_gb=REPORT_GB)
target_measure report "$dev" RUNS zonectl-cached blkzone
module_remove scsi_debug
dev=$(sd zone_size_mb=256 virtual_gb=SUMMARY_GB)
target_measure summary "$dev" RUNS zonectl-summary-cached blkzone-awk
module_remove scsi_debug
dev=$(nvme_ns_by_serial blkzone-bench)
target_measure json "$dev" RUNS zonectl-json nvme-json
mem_tools="zonectl-cached zonectl zonectl-json zonectl-summary-cached zonectl-capacity-cached zonectl-map-cached"
target_memory nvme "$dev" RUNS $mem_tools
for gb in MEM_GBS; do
	dev=$(null_blk_add nr_devices=1 zoned=1 zone_size=1 gb=$gb)
	target_memory null_blk "$dev" RUNS $mem_tools
	module_remove null_blk
done
for n in IMAGE_ZONES; do
	zonectl mkimage -q -z 64K -n $n "$BENCH_ROOT/tmp/z$n.img"
	target_memory image "/tmp/z$n.img" RUNS $mem_tools
	rm -f "$BENCH_ROOT/tmp/z$n.img"
done
'

echo "bench: reports and peak memory" >&2
job=${reports_job//RUNS/$runs}
job=${job//SD_GB/$sd_gb}
guest "$patched" "${job//NB_GBS/$nb_gbs}" | grep -E '^(time|mem) ' >> "$data"
echo "bench: reset of all zones" >&2
guest "$patched" "${reset_job//RUNS/$runs}" | grep -E '^reset ' >> "$data"
echo "bench: targets" >&2
nvme_img=$(mktemp /tmp/blkzone-bench-nvme.XXXXXX)
truncate -s "${nvme_gb}G" "$nvme_img"
job=${targets_job//RUNS/$runs}
job=${job//SD_GB/$sd_gb}
job=${job//REPORT_GB/$report_gb}
job=${job//SUMMARY_GB/$summary_gb}
job=${job//MEM_GBS/$mem_gbs}
job=${job//IMAGE_ZONES/$image_zones}
# The NVMe namespace of the targets: 4 KiB blocks, zones of 1 MiB.
nvme_args="-drive file=$nvme_img,if=none,id=blkzone-bench,format=raw"
nvme_args+=" -device nvme,serial=blkzone-bench,zoned.zasl=5,id=blkzone-bench-ctrl"
nvme_args+=" -device nvme-ns,drive=blkzone-bench,bus=blkzone-bench-ctrl,zoned=true"
nvme_args+=",logical_block_size=4096,physical_block_size=4096,zoned.zone_size=1M,zoned.zone_capacity=0"
BLKZONE_QEMU_ARGS="$BLKZONE_QEMU_ARGS $nvme_args" guest "$patched" "$job" |
	grep -E '^(target|call|tmem) ' >> "$data"
rm -f "$nvme_img"
for r in $(seq "$runs"); do
	echo "bench: fio round $r" >&2
	guest "$patched" "${fio_job//KERNEL/patched}" | grep -E '^fio ' >> "$data"
	guest "$stock" "${fio_job//KERNEL/stock}" | grep -E '^fio ' >> "$data"
done

# "btrfs KERNEL MS COMMANDS READS" for each timed mount.
echo "bench: btrfs mount" >&2
"$top/bench/btrfs-mount.sh" --runs "$runs" --zones "$btrfs_zones" \
	--patched "$patched" --stock "$stock" |
	awk '/^## patched/ { k = "patched" } /^## stock/ { k = "stock" }
	     $1 == "zones" { z = $2 } $1 == "mount" { ms = $2 }
	     $1 == "commands" { print "btrfs", k, z, ms, $2, $4 }' >> "$data"

"$top/bench/results.sh" "$data" "$out" "$runs" "$patched" "$stock"
# Every measure, as the guests printed it, beside the tables made of it.
cp "$data" "$out/RESULTS.data"
rm -f "$data"
