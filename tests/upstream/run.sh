#!/bin/bash
# The zoned block device suites of other projects, in guests on the patched
# and the stock kernel: blktests' zbd group and fio's t/zbd/test-zbd-support,
# on null_blk and on the NVMe ZNS namespace of tests/guest/boot.sh.
#
#   tests/upstream/run.sh [--version V] [--kernel stock|patched]...
#                         [--suite blktests|fio]... [--dev null_blk|nvme-zns]...
#                         BLKTESTS_DIR FIO_DIR
#
# BLKTESTS_DIR is a built blktests checkout (make in it); FIO_DIR a fio
# checkout whose t/zbd matches the installed fio (Debian 12: tag fio-3.33),
# with the installed fio linked as FIO_DIR/fio.  Neither is part of this
# project, nor a Debian package: they are fetched and built outside it.
# --version V picks the kernel version (kernel/build.sh --version; 6.1 by
# default).  Defaults: both kernels, both suites, both disks.  Prints one line per
# test of each suite, then per kernel, suite and disk the counts, as
# "RESULT kernel suite dev passed N failed N skipped N".
#
# Needs a built tree (./configure && make) for the guest helpers.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)

kernels=() suites=() devs=()
version=6.1
while [ $# -gt 2 ]; do
	case $1 in
	--version) version=$2; shift 2 ;;
	--kernel) kernels+=("$2"); shift 2 ;;
	--suite) suites+=("$2"); shift 2 ;;
	--dev) devs+=("$2"); shift 2 ;;
	*) echo "upstream/run.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
[ $# -eq 2 ] || { sed -n '5,7p' "$0" >&2; exit 2; }
blktests=$(cd "$1" && pwd) fio=$(cd "$2" && pwd)
[ -x "$blktests/check" ] || { echo "upstream/run.sh: no blktests in $blktests" >&2; exit 2; }
[ -x "$fio/t/zbd/test-zbd-support" ] && [ -x "$fio/fio" ] ||
	{ echo "upstream/run.sh: no t/zbd or fio binary in $fio" >&2; exit 2; }
# What the suites' scripts call, and the folders the guest mounts its
# modules and kernel config on (the guest's root is the host's, read-only).
"$top/scripts/install-deps.sh" gawk udev xfsprogs f2fs-tools
mkdir -p /lib/modules /boot
[ ${#kernels[@]} -gt 0 ] || kernels=(patched stock)
[ ${#suites[@]} -gt 0 ] || suites=(blktests fio)
[ ${#devs[@]} -gt 0 ] || devs=(null_blk nvme-zns)

# kernel_dir KIND: the cached kernel of that kind, built if missing.
kernel_dir() {
	case $1 in
	patched) "$top/kernel/build.sh" --quiet --version "$version" ;;
	stock) "$top/kernel/build.sh" --quiet --version "$version" --stock ;;
	*) echo "upstream/run.sh: unknown kernel '$1'" >&2; return 2 ;;
	esac
}

# job KDIR SUITE DEV: the guest's job script.
job() {
	cat <<JOB
export BLKZONE_KDIR=$1 BLKZONE_BUILD=$top
. $top/tests/guest/devices.sh
. $top/tests/upstream/guest.sh
exec > /run/results/out 2>&1
upstream_prepare
run_$2 $3 $blktests $fio
JOB
}

for k in "${kernels[@]}"; do
	kdir=$(kernel_dir "$k")
	for s in "${suites[@]}"; do
		for d in "${devs[@]}"; do
			share=$(mktemp -d /tmp/blkzone-upstream.XXXXXX)
			job "$kdir" "$s" "$d" > "$share/job.sh"
			t=$SECONDS
			rc=0
			"$top/tests/guest/boot.sh" --timeout 7200 "$kdir" "$share" || rc=$?
			sed "s/^/$k $s $d: /" "$share/out" 2>/dev/null || true
			grep '^RESULT' "$share/out" 2>/dev/null |
				sed "s/^RESULT/RESULT $k $s $d/" || echo "RESULT $k $s $d none (guest status $rc)"
			echo "TIME $k $s $d $((SECONDS - t)) s"
			[ "$rc" -eq 0 ] || tail -30 "$share/console.log" >&2
			rm -rf "$share"
		done
	done
done
