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
	-append "console=ttyS0 panic=-1 loglevel=4 $clock ${BLKZONE_APPEND:-}" \
	"${serial[@]}" "${qemu_extra[@]}" \
	-virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
	-virtfs "local,path=$share,mount_tag=results,security_model=none,multidevs=remap" \
	</dev/null
rc=$?
set -e
rm -f "$initrd"
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
