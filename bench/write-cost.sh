#!/bin/bash
# What the zone cache costs writers: fio's write IOPS, patched kernel
# against stock, guests interleaved, on the instruction clock (QEMU
# -icount shift=0, sleep=off; idle=poll keeps NVMe's timings repeatable,
# see DESIGN.md):
#  - zoned null_blk, 4 KiB sequential writes (zonemode=zbd);
#  - NVMe ZNS (QEMU), scheduler none, so that completions come in
#    batches, 4 KiB sequential writes (zonemode=zbd), in a guest of one
#    vCPU on a namespace backed by QEMU's null-co driver
#    (BLKZONE_NVME_NULL=1, tests/guest/boot.sh): with two vCPUs and a
#    file behind the namespace, QEMU's completions land at moments that
#    move the IOPS of a run by up to 9%, far more than the cost measured;
#  - a regular null_blk disk, 4 KiB random writes: a disk without a cache,
#    which must pay nothing.
#
#   bench/write-cost.sh [--runs N] [--seconds S] [--patched KDIR --stock KDIR]
#       [--disk null-zoned|nvme|null-regular]... > results.txt
#
# --disk measures that disk only (repeatable); the default is all three.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=5 seconds=3 patched= stock= disks=
while [ $# -gt 0 ]; do
	case "$1" in
	--runs) runs=${2:?}; shift ;;
	--seconds) seconds=${2:?}; shift ;;
	--patched) patched=${2:?}; shift ;;
	--stock) stock=${2:?}; shift ;;
	--disk)
		case "${2:-}" in
		null-zoned|nvme|null-regular) disks="$disks $2" ;;
		*) echo "write-cost.sh: unknown disk '${2:-}' (null-zoned, nvme or null-regular)" >&2
		   exit 2 ;;
		esac
		shift ;;
	*) echo "write-cost.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
	shift
done

"$top/scripts/install-deps.sh"
"$top/scripts/build.sh"
[ -n "$patched" ] || patched=$("$top/kernel/build.sh" --quiet)
[ -n "$stock" ] || stock=$("$top/kernel/build.sh" --quiet --stock)

. "$top/bench/guest.sh"

# The disks, as guest shell lines that print a device path.
disk_null_zoned='null_blk_add nr_devices=1 zoned=1 zone_size=64 gb=16 irqmode=0 queue_mode=2 submit_queues=2'
disk_nvme='nvme_zns_setup blkzone-zns4k none'
disk_null_regular='null_blk_add nr_devices=1 gb=16 irqmode=0 queue_mode=2 submit_queues=2'

# fio_iops KDIR DISK RW ZONEMODE [QEMU_ARGS]: write IOPS of one fio run.
fio_iops() {
	BLKZONE_QEMU_ARGS="-icount shift=0,sleep=off ${5:-}" \
		BLKZONE_APPEND=idle=poll BLKZONE_NVME_NULL=1 guest "$1" "
dev=\$($2)
fio --name=write --filename=\$dev --direct=1 --zonemode=$4 --rw=$3 \
	--bs=4k --ioengine=psync --numjobs=1 --time_based --runtime=$seconds \
	--size=1g --output-format=terse --terse-version=3 | cut -d';' -f49
"
}

# measure NAME DISK RW ZONEMODE [QEMU_ARGS]
measure() {
	local i
	echo "# $1: fio $3 IOPS (4 KiB, psync, ${seconds} s), instruction clock"
	for i in $(seq "$runs"); do
		echo "patched $(fio_iops "$patched" "$2" "$3" "$4" "${5:-}")"
		echo "stock $(fio_iops "$stock" "$2" "$3" "$4" "${5:-}")"
	done | medians
}

# wanted DISK: whether --disk asked for DISK, or for no disk in particular.
wanted() {
	[ -z "$disks" ] || [[ " $disks " == *" $1 "* ]]
}
! wanted null-zoned ||
	measure "zoned null_blk" "$disk_null_zoned" write zbd
! wanted nvme ||
	measure "NVMe ZNS, scheduler none, one vCPU" "$disk_nvme" write zbd "-smp 1"
! wanted null-regular ||
	measure "regular null_blk" "$disk_null_regular" randwrite none
