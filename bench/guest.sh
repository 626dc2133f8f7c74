# Sourced by the benchmarks: guest KDIR SCRIPT runs SCRIPT (bash) in a
# guest on kernel KDIR, with the guest test helpers (tests/guest/devices.sh,
# env.sh) and bench/guest-root.sh loaded, and prints its output.  Needs
# $top, the source tree.
guest() {
	local share
	share=$(mktemp -d /tmp/blkzone-bench.XXXXXX)
	cat > "$share/job.sh" <<JOB
export BLKZONE_KDIR=$1 BLKZONE_BUILD=$top
. $top/tests/guest/devices.sh
. $top/tests/guest/env.sh
. $top/bench/guest-root.sh
exec > /run/results/out 2>&1
$2
JOB
	"$top/tests/guest/boot.sh" --timeout 5400 "$1" "$share" >&2 ||
		{ cat "$share/out" >&2; rm -rf "$share"; return 1; }
	cat "$share/out"
	rm -rf "$share"
}
