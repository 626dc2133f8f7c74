#!/bin/bash
# Runs in the guest: every case of tests/guest/cases on every disk setup of
# tests/guest/setups, each case's TAP in RESULTS/SETUP.CASE.tap and each
# case's time as "SETUP CASE SECONDS" lines in RESULTS/times.
#   run-cases.sh RESULTS_DIR [SETUP...]
set -u
here=$(cd "$(dirname "$0")" && pwd)
results=${1:?usage: run-cases.sh RESULTS_DIR [SETUP...]}
shift
. "$here/devices.sh"
. "$here/env.sh"
. "$here/case-list.sh"
mkdir -p "$results"

# header_list CASE KEY: the list of CASE's "# KEY: ..." line.
header_list() {
	sed -n "s/^# $2: //p" "$1"
}

# setup_listed CASE KEY: true if CASE has no "# KEY:" line or $setup is
# in its list.
setup_listed() {
	local list
	list=$(header_list "$1" "$2")
	[ -z "$list" ] || [[ " $list " == *" $setup "* ]]
}

setups=("$@")
if [ ${#setups[@]} -eq 0 ]; then
	for s in "$here"/setups/*.sh; do setups+=("$(basename "$s" .sh)"); done
fi

for setup in "${setups[@]}"; do
	(
		SETUP_NOTE= VARIANT_OF=
		. "$here/setups/$setup.sh"
		# What a setup chose at random, to repeat it.
		[ -z "$SETUP_NOTE" ] || echo "$setup: $SETUP_NOTE" >> "$results/setups"
		dev=$(setup_dev)
		for c in $(guest_cases "$here"); do
			name=$(basename "$c" .sh)
			out=$results/$setup.$name.tap
			if [ -z "$dev" ]; then
				echo "not ok 1 - $setup: the disk did not come up" > "$out"
				echo "1..1" >> "$out"
				continue
			fi
			if [ "$EXPECT_ZONED" = none ] && ! grep -q '^# regular-disk: yes' "$c"; then
				echo "1..0 # SKIP $dev is not zoned" > "$out"
				continue
			fi
			if ! setup_listed "$c" setups; then
				echo "1..0 # SKIP runs on $(header_list "$c" setups) only" > "$out"
				continue
			fi
			if [ -n "${BLKZONE_CORE_ON_VARIANTS:-}" ] && [ -n "$VARIANT_OF" ] &&
			   ! grep -q '^# core: yes' "$c"; then
				echo "1..0 # SKIP a variant of $VARIANT_OF runs the core cases only" > "$out"
				continue
			fi
			kernels=$(sed -n 's/^# kernels: //p' "$c")
			if [ -n "$kernels" ] && [[ " $kernels " != *" ${BLKZONE_KERNEL_VERSION:-6.1} "* ]]; then
				echo "1..0 # SKIP tests what only the $kernels series has" > "$out"
				continue
			fi
			if [ "$BLKZONE_KERNEL" = debug ] && grep -q '^# debug-kernel: no' "$c"; then
				echo "1..0 # SKIP its kernel paths run on the debug kernel in other cases" > "$out"
				continue
			fi
			if [ "$BLKZONE_KERNEL" = debug ] && ! setup_listed "$c" debug-setups; then
				echo "1..0 # SKIP runs on the debug kernel on $(header_list "$c" debug-setups) only" > "$out"
				continue
			fi
			if [ "$BLKZONE_KERNEL" = stock ] && grep -q '^# needs-series: yes' "$c"; then
				echo "1..0 # SKIP needs the kernel series" > "$out"
				continue
			fi
			# Every case starts on a disk with all zones empty.
			[ "$EXPECT_ZONED" = none ] || blkzone reset "$dev"
			echo "guest: $setup $name on $dev"
			start=$SECONDS
			SETUP=$setup DEV=$dev timeout -k 30 300 bash "$c" > "$out" 2> "$out.stderr"
			rc=$?
			echo "$setup $name $((SECONDS - start))" >> "$results/times"
			# A case still running after 300 s (and its cleanup after 30
			# more) is stuck, most often in the kernel: the disk and the
			# kernel are not to be trusted for anything after it, and
			# waiting on would only spend the guest's timeout.
			if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
				echo "not ok - $setup.$name: still running after 300 s, killed; no case runs after it" >> "$out"
				echo w > /proc/sysrq-trigger 2> /dev/null
				{
					echo "$setup.$name still running after 300 s; blocked tasks and the kernel's last words:"
					dmesg | tail -100
				} > "$results/stuck.log"
				exit 3
			fi
		done
		[ -z "$dev" ] || teardown_dev
	)
	[ $? -eq 3 ] && break
done
