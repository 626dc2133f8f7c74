# Sourced by the benchmarks: guest KDIR SCRIPT runs SCRIPT (bash) in a
# guest on kernel KDIR, with the guest test helpers (tests/guest/devices.sh,
# env.sh) and bench/guest-root.sh loaded, and prints its output.  Needs
# $top, the source tree.
. "$top/tests/guest/launch.sh"
guest() {
	local share
	share=$(mktemp -d /tmp/blkzone-bench.XXXXXX)
	if ! guest_launch --helpers --timeout 5400 "$1" "$share" >&2 <<JOB
. $top/bench/guest-root.sh
exec > /run/results/out 2>&1
$2
JOB
	then
		cat "$share/out" >&2
		rm -rf "$share"
		return 1
	fi
	cat "$share/out"
	rm -rf "$share"
}

# medians: pass the "patched N" and "stock N" lines on, then print their
# median IOPS and patched against stock.
medians() {
	awk '{ print; v[$1, ++n[$1]] = $2 }
	     function median(k,   i, j, t) {
		for (i = 1; i <= n[k]; i++)
			for (j = i + 1; j <= n[k]; j++)
				if (v[k, j] < v[k, i]) {
					t = v[k, i]; v[k, i] = v[k, j]; v[k, j] = t
				}
		return v[k, int((n[k] + 1) / 2)]
	     }
	     END {
		p = median("patched"); s = median("stock")
		printf "median patched %d stock %d, patched/stock %.4f\n", p, s, p / s
	     }'
}
