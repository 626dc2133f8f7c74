#!/bin/bash
# Boot one guest on a kernel built by kernel/build.sh and run one job in it.
#
#   tests/guest/boot.sh [--console] [--timeout SECONDS] KERNEL_DIR SHARE_DIR
#
# SHARE_DIR/job.sh must exist: the guest runs it with bash, chrooted into
# the host's root (mounted read-only), with SHARE_DIR mounted writable at
# /run/results.  The kernel log goes to SHARE_DIR/console.log (and to the
# terminal with --console).  Exits with the job's status, 124 when the
# guest timed out, or 125 when the guest ended without the job finishing.
#
# Environment: BLKZONE_ACCEL (kvm or tcg, probed when unset), BLKZONE_APPEND
# (more kernel command line), BLKZONE_QEMU_ARGS (more QEMU options).
#
# Every guest has two NVMe zoned namespaces besides the disks its job makes
# (see nvme_zns below); their backing files live in SHARE_DIR while it runs.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
timeout=600
console=
while [ $# -gt 0 ]; do
	case "$1" in
	--console) console=1 ;;
	--timeout) timeout=${2:?}; shift ;;
	-*) echo "boot.sh: unknown option '$1'" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
kdir=${1:?usage: boot.sh [--console] [--timeout S] KERNEL_DIR SHARE_DIR}
share=$(cd "${2:?missing SHARE_DIR}" && pwd)
[ -f "$kdir/bzImage" ] || { echo "boot.sh: no bzImage in $kdir" >&2; exit 2; }
[ -f "$share/job.sh" ] || { echo "boot.sh: no job.sh in $share" >&2; exit 2; }

initrd=$share/initramfs.cpio.gz
"$here/mkinitramfs.sh" "$initrd"

# KVM is faster when it works, but its device node can exist while QEMU's
# KVM mode fails: ask QEMU itself, once, and fall back to TCG.
probe_accel() {
	if [ -w /dev/kvm ] && echo quit | timeout 10 qemu-system-x86_64 \
		-accel kvm -machine pc -cpu max -nodefaults -display none -S \
		-monitor stdio >/dev/null 2>&1; then
		echo kvm
	else
		echo tcg
	fi
}
accel=${BLKZONE_ACCEL:-$(probe_accel)}

# Extra QEMU options, for benchmarks: with -icount, guest time counts
# instructions instead of host time.
read -r -a qemu_extra <<< "${BLKZONE_QEMU_ARGS:-}"

# Under TCG the guest cannot calibrate its TSC and keeps time in 4 ms
# jiffies; its TSC counts at the host's rate, so give it that rate (not
# with -icount, where it counts instructions).
tsc_args() {
	[ "$accel" = tcg ] && [ "$(uname -m)" = x86_64 ] || return 0
	[[ " ${qemu_extra[*]} " != *" -icount "* ]] || return 0
	grep -qw constant_tsc /proc/cpuinfo || return 0
	cc -O2 -o "$share/tsc-khz" "$here/tsc-khz.c" || return 0
	echo "tsc_early_khz=$("$share/tsc-khz") tsc=reliable"
	rm -f "$share/tsc-khz"
}
clock=$(tsc_args)

# NVMe zoned namespaces from QEMU's ZNS emulation, each on its own
# controller whose serial the guest's setups look for (nvme_ns_by_serial in
# devices.sh): no module makes them, unlike scsi_debug and null_blk.  Their
# backing files are sparse and made anew for every boot, so every guest
# starts on empty zones.  zoned.zasl=5 allows zone appends of 128 KiB.
# BLKZONE_NVME_NULL=1 backs them with QEMU's null-co driver instead, which
# completes every request at once in QEMU's own loop (reads return zeros):
# for benchmarks, whose timings the host's file I/O threads would move.
nvme=()
# nvme_zns SERIAL SIZE NAMESPACE_OPTIONS: one controller, one namespace.
nvme_zns() {
	local id=$1 img=$share/$1.img drive
	rm -f "$img"
	if [ "${BLKZONE_NVME_NULL:-0}" = 1 ]; then
		drive="driver=null-co,size=$2,read-zeroes=on"
	else
		truncate -s "$2" "$img"
		drive="file=$img,format=raw"
	fi
	nvme+=(-drive "$drive,if=none,id=$id"
		-device "nvme,serial=$id,zoned.zasl=5,id=$id-ctrl"
		-device "nvme-ns,drive=$id,bus=$id-ctrl,zoned=true,$3")
}
# 4 KiB blocks, 512 zones of 4 MiB with 3 MiB capacity, at most 8 open and
# 10 active (setups/nvme-zns.sh, nvme-zns-deadline.sh).
nvme_zns blkzone-zns4k 2G logical_block_size=4096,physical_block_size=4096,zoned.zone_size=4M,zoned.zone_capacity=3M,zoned.max_open=8,zoned.max_active=10
# 512-byte blocks, 64 zones of 8 MiB at full capacity, no limits
# (setups/nvme-zns-512.sh).  8 MiB, not smaller: btrfs on 6.1 needs zones
# of at least 4 MiB.
nvme_zns blkzone-zns512 512M logical_block_size=512,physical_block_size=512,zoned.zone_size=8M,zoned.zone_capacity=0,zoned.max_open=0,zoned.max_active=0
# The guest kernel has no PCI MSI (CONFIG_PCI_MSI), so the controllers
# interrupt through INTx lines, which they share with the 9p shares; under
# many small writes QEMU's NVMe raises far more interrupts than it posts
# completions (450,000 for 8,000 writes of the concurrency case), which no
# handler claims.  Linux would then disable the line as broken ("irq 11:
# nobody cared") and poll it every 100 ms, and the whole guest, the host
# root included, would crawl into timeouts.  noirqdebug keeps the line.
irq_args=noirqdebug

rm -f "$share/job.status" "$share/console.log"
if [ -n "$console" ]; then
	serial=(-chardev "stdio,id=con,signal=off,logfile=$share/console.log"
		-serial chardev:con)
else
	serial=(-serial "file:$share/console.log")
fi

set +e
timeout -k 10 "$timeout" qemu-system-x86_64 \
	-accel "$accel" -machine pc -cpu max -smp 2 -m 2G \
	-nodefaults -display none -no-reboot \
	-kernel "$kdir/bzImage" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 loglevel=4 $clock $irq_args ${BLKZONE_APPEND:-}" \
	"${serial[@]}" "${nvme[@]}" "${qemu_extra[@]}" \
	-virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
	-virtfs "local,path=$share,mount_tag=results,security_model=none,multidevs=remap" \
	</dev/null
rc=$?
set -e
rm -f "$initrd" "$share"/blkzone-zns*.img
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	echo "boot.sh: guest timed out after ${timeout}s" >&2
	exit 124
fi
if [ "$rc" -ne 0 ]; then
	echo "boot.sh: qemu failed with status $rc" >&2
	exit 125
fi
if [ ! -s "$share/job.status" ]; then
	echo "boot.sh: guest stopped before its job finished (see $share/console.log)" >&2
	exit 125
fi
exit "$(cat "$share/job.status")"
