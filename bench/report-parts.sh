#!/bin/bash
# Where the time of `zonectl report --cached` goes, part by part, in one
# guest on the patched kernel and the instruction clock: scsi_debug
# host-managed, 65,536 zones of 1 MiB, 20 ms per command (the disk of the
# 10x target in bench/RESULTS.md), the cache warm.  Each part RUNS times,
# interleaved; prints the median in milliseconds:
#   process   zonectl report --cached --limit 1: start, open, one zone
#   kernel    BLKREPORTZONEV2 cached, 4,096 zones a call, every zone
#             (tests/guest/progs/report-time)
#   library   report-libblkzone --cached: the call of blkzone_report_zones()
#   summary   zonectl summary --cached: the whole report, counted, unprinted
#   report    zonectl report --cached > /dev/null
#   blkzone   blkzone report > /dev/null
#
#   bench/report-parts.sh [RUNS]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
"$top/scripts/build.sh"
export BLKZONE_QEMU_ARGS="-icount shift=0,sleep=off"
kdir=$("$top/kernel/build.sh" --quiet)
. "$top/bench/guest.sh"

guest "$kdir" "
. \$BLKZONE_BUILD/bench/targets-guest.sh
targets_root
copy_with_libs \$BLKZONE_BUILD/tests/guest/progs/report-time
dev=\$(scsi_debug_add zbc=host-managed zone_size_mb=1 zone_nr_conv=0 virtual_gb=64 dev_size_mb=64 ndelay=20000000)
bench_run zonectl report --cached \$dev > /dev/null
for r in \$(seq $runs); do
	echo process \$(bench_run timed /dev/null zonectl report --cached --limit 1 \$dev)
	echo kernel \$(bench_run \$BLKZONE_BUILD/tests/guest/progs/report-time \$dev 4096 1 | awk '\$1 == \"cached\" { print \$2 }')
	echo library \$(bench_run report-libblkzone --cached \$dev | awk '{ printf \"%.1f\", \$2 / 1e6 }')
	echo summary \$(bench_run timed /dev/null zonectl summary --cached \$dev)
	echo report \$(bench_run timed /dev/null zonectl report --cached \$dev)
	echo blkzone \$(bench_run timed /dev/null blkzone report \$dev)
done
" | awk '{ v[$1, ++n[$1]] = $2; if (!seen[$1]++) order[++k] = $1 }
	END {
		for (i = 1; i <= k; i++) {
			p = order[i]
			for (a = 1; a <= n[p]; a++)
				for (b = a + 1; b <= n[p]; b++)
					if (v[p, b] < v[p, a]) {
						t = v[p, a]; v[p, a] = v[p, b]; v[p, b] = t
					}
			printf "%-8s %8.1f ms\n", p, v[p, int((n[p] + 1) / 2)]
		}
	}'
