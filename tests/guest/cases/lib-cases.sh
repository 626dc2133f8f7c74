# debug-kernel: no
# regular-disk: yes
# The library test cases of tests/cases (which make check runs on zone
# images) on the disk, then on a dm-linear device over its whole zones.
# On the regular disk only info-geometry applies; the others skip.  On the
# stock kernel cached reports fall back on device reports, which the cases
# expect (cached-report-equals-device folds the device's conditions).
here=$(cd "$(dirname "$0")/.." && pwd)
top=$(cd "$here/../.." && pwd)
. "$top/tests/helpers/tap.sh"
. "$top/tests/cases/lib-cases.sh"

# null_blk fills reads of unwritten blocks with 0xff, not zeros.
case "$SETUP" in null_blk*) export UNWRITTEN_FILL=0xff ;; esac

cases=()
for src in "$top"/tests/cases/*.c; do
	name=$(basename "$src" .c)
	case "$name" in case) continue ;; esac
	cases+=("$name")
done

for c in "${cases[@]}"; do
	lc_run "$c" "$DEV" "$BLKZONE_BUILD/tests/cases/$c"
done

if [ "$EXPECT_ZONED" != none ] && command -v dmsetup > /dev/null; then
	export DM_DISABLE_UDEV=1
	name=bz-cases-$$
	zsz=$(cat "/sys/block/$(basename "$DEV")/queue/chunk_sectors")
	# dm maps whole zones only: a smaller last zone stays out.
	size=$(($(blockdev --getsz "$DEV") / zsz * zsz))
	if dmsetup create "$name" --table "0 $size linear $DEV 0"; then
		tap_result 0 "dm-linear over $DEV"
		# What the setup says of the disk's last zone is not true of dm,
		# nor its open and active limits, which 6.1 does not stack.
		unset EXPECT_SMALL_LAST EXPECT_MAX_OPEN EXPECT_MAX_ACTIVE
		for c in "${cases[@]}"; do
			lc_run "dm.$c" "/dev/mapper/$name" "$BLKZONE_BUILD/tests/cases/$c"
		done
		dmsetup remove "$name"
		[ $? -eq 0 ] && tap_result 0 "remove dm-linear" || tap_result 1 "remove dm-linear"
	else
		tap_result 1 "dm-linear over $DEV"
	fi
fi
tap_done
