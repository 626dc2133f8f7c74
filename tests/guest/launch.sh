# Sourced by tests/guest/run.sh, scripts/demo.sh and bench/guest.sh: the
# one way to run a job in a guest, so that all three boot the same guest
# with the same environment.
#
#   guest_launch [--helpers] [--build DIR] [boot.sh options] KERNEL_DIR SHARE_DIR <<JOB
#
# Writes SHARE_DIR/job.sh: BLKZONE_KDIR (KERNEL_DIR) and BLKZONE_BUILD (DIR,
# by default this source tree) exported, with --helpers the guest's disk
# and environment helpers (devices.sh, env.sh) loaded, then the job read
# from stdin; then boots the guest on it with tests/guest/boot.sh, which
# gets the other options, and returns boot.sh's status.
guest_launch() {
	local here helpers='' build opts=() kdir share
	here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
	build=$(cd "$here/../.." && pwd)
	while [ $# -gt 2 ]; do
		case "$1" in
		--helpers) helpers=1 ;;
		--build) build=${2:?}; shift ;;
		*) opts+=("$1") ;;
		esac
		shift
	done
	kdir=${1:?usage: guest_launch [--helpers] [--build DIR] [boot.sh options] KERNEL_DIR SHARE_DIR}
	share=${2:?missing SHARE_DIR}
	{
		echo "export BLKZONE_KDIR=$kdir BLKZONE_BUILD=$build"
		if [ -n "$helpers" ]; then
			echo ". $here/devices.sh"
			echo ". $here/env.sh"
		fi
		cat
	} > "$share/job.sh"
	"$here/boot.sh" "${opts[@]}" "$kdir" "$share"
}
