#!/bin/bash
# Two builds of zonectl side by side in one guest, on the instruction clock:
# full reports (cached and device) of a scsi_debug disk with 65,536 zones
# and 20 ms per command and of a null_blk disk with 65,536 zones, runs
# interleaved, in milliseconds.
#
#   bench/compare-builds.sh OLD_TREE NEW_TREE [RUNS]
#
# Each TREE is a built checkout (scripts/build.sh), for example a
# `git worktree` of an older commit.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
old=$(cd "${1:?usage: compare-builds.sh OLD_TREE NEW_TREE [RUNS]}" && pwd)
new=$(cd "${2:?usage: compare-builds.sh OLD_TREE NEW_TREE [RUNS]}" && pwd)
runs=${3:-3}
export BLKZONE_QEMU_ARGS="-icount shift=0,sleep=off"
kdir=$("$top/kernel/build.sh" --quiet)
. "$top/bench/guest.sh"

guest "$kdir" "
bench_root bash env
# stage NAME TREE: the tree's zonectl and libblkzone under /NAME in the root.
stage() {
	mkdir -p \$BENCH_ROOT/\$1
	cp \$2/cli/.libs/zonectl \$BENCH_ROOT/\$1/
	cp -L \$2/lib/.libs/libblkzone.so.0 \$BENCH_ROOT/\$1/
	for f in \$(LD_LIBRARY_PATH=\$2/lib/.libs ldd \$2/cli/.libs/zonectl | grep -o '/[^ ]*'); do
		[ -e \$BENCH_ROOT\$f ] || cp --parents -L \$f \$BENCH_ROOT
	done
}
stage old $old
stage new $new
# ms NAME ARGS...: one zonectl report of build NAME, in milliseconds.
ms() {
	local b=\$1
	shift
	chroot \$BENCH_ROOT /usr/bin/env -i LC_ALL=C LD_LIBRARY_PATH=/\$b /usr/bin/bash -c \
		\"s=\\\$EPOCHREALTIME; /\$b/zonectl report \$* > /dev/null; e=\\\$EPOCHREALTIME; echo \\\$(( (\\\${e/./} - \\\${s/./}) / 1000 ))\"
}
dev=\$(scsi_debug_add zbc=host-managed zone_size_mb=1 zone_nr_conv=0 virtual_gb=64 dev_size_mb=64 ndelay=20000000)
for r in \$(seq $runs); do
	for b in old new; do echo \"scsi_debug-65536 \$b cached \$(ms \$b --cached \$dev) device \$(ms \$b \$dev)\"; done
done
module_remove scsi_debug
dev=\$(null_blk_add nr_devices=1 zoned=1 zone_size=1 gb=64)
for r in \$(seq $runs); do
	for b in old new; do echo \"null_blk-65536 \$b cached \$(ms \$b --cached \$dev) device \$(ms \$b \$dev)\"; done
done
"
