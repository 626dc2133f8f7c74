#!/bin/bash
# Run the guest tests: boot the kernel built by kernel/build.sh, run every
# case on every disk setup, and check the TAP that comes back.
#
#   tests/guest/run.sh [--version V] [--stock | --debug] [--kernel DIR]
#                      [--timeout S] [SETUP...]
#
# --version V picks the kernel version (kernel/build.sh --version; 6.1 by
# default).
# --stock boots the kernel without the series, --debug the patched kernel
# with KASAN, lockdep, atomic sleep and list debugging (kernel/build.sh
# --debug); the run then also checks that KASAN and lockdep were on to the
# end.
# BLKZONE_SEED=N repeats the random workloads of a run whose cases printed
# "seed N".  BLKZONE_CASES="NAME..." runs only those cases (file names in
# tests/guest/cases without .sh), for work on a case.
# BLKZONE_RACE_DELAY_MS sets the first window of cache-race-windows.
# BLKZONE_CORE_ON_VARIANTS=1 runs only the cases marked "# core: yes" on
# the setups that are variants of another ("VARIANT_OF=" in the setup).
# BLKZONE_UAPI_VERSIONS="6.1 6.12" builds tests/guest/progs/report-uapi.c
# against the patched header of each of those series (uapi-progs.sh) for
# the case report-uapi.
#
# Needs a built tree (./configure && make).  Prints each result, then
# "guest: N passed, N failed"; exits non-zero on any failed or missing
# result, or a guest that timed out or died.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=${BLKZONE_BUILD:-$top}
variant=patched
version=6.1
kdir=
timeout=3000
while [ $# -gt 0 ]; do
	case "$1" in
	--version) version=${2:?--version needs a kernel version}; shift ;;
	--stock) variant=stock ;;
	--debug) variant=debug ;;
	--kernel) kdir=${2:?}; shift ;;
	--timeout) timeout=${2:?}; shift ;;
	-*) echo "run.sh: unknown option '$1'" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
setups=("$@")
if [ ${#setups[@]} -eq 0 ]; then
	for s in "$here"/setups/*.sh; do setups+=("$(basename "$s" .sh)"); done
fi

if [ -z "$kdir" ]; then
	flag=; [ "$variant" = patched ] || flag=--$variant
	kdir=$("$top/kernel/build.sh" --quiet --version "$version" $flag) || exit 1
fi
[ -x "$build/cli/zonectl" ] || { echo "run.sh: build the tree first (no $build/cli/zonectl)" >&2; exit 2; }
if [ -n "${BLKZONE_UAPI_VERSIONS:-}" ]; then
	"$here/uapi-progs.sh" "$build/tests/guest/progs" $BLKZONE_UAPI_VERSIONS ||
		{ echo "run.sh: cannot build report-uapi for $BLKZONE_UAPI_VERSIONS" >&2; exit 1; }
fi

. "$here/launch.sh"
share=$(mktemp -d /tmp/blkzone-guest.XXXXXX)
guest_launch --build "$build" --timeout "$timeout" "$kdir" "$share" <<JOB
export BLKZONE_TOP=$top BLKZONE_KERNEL=$variant BLKZONE_KERNEL_VERSION=$version
${BLKZONE_SEED:+export BLKZONE_SEED=$BLKZONE_SEED}
${BLKZONE_RACE_DELAY_MS:+export BLKZONE_RACE_DELAY_MS=$BLKZONE_RACE_DELAY_MS}
export BLKZONE_UAPI_VERSIONS='${BLKZONE_UAPI_VERSIONS:-}'
export BLKZONE_CORE_ON_VARIANTS='${BLKZONE_CORE_ON_VARIANTS:-}'
export BLKZONE_CASES='${BLKZONE_CASES:-}'
dmesg > /run/results/boot-dmesg.log
bash $here/run-cases.sh /run/results/tap ${setups[*]}
dmesg > /run/results/dmesg.log
if [ -r /proc/lockdep_stats ]; then cat /proc/lockdep_stats > /run/results/lockdep_stats; fi
JOB
boot_rc=$?

passed=0 failed=0
fail() { echo "not ok - $1"; failed=$((failed + 1)); }
# expect NAME COMMAND...: a result, ok when COMMAND succeeds.
expect() {
	local name=$1
	shift
	if "$@"; then
		echo "ok - $name"
		passed=$((passed + 1))
	else
		fail "$name"
		return 1
	fi
}

# check_tap FILE NAME: count a case's results; a missing file, a missing
# plan or a plan that does not match the results is a failure.
check_tap() {
	local f=$1 name=$2 plan n_ok n_not
	[ -f "$f" ] || { fail "$name: no result"; return; }
	read -r n_ok n_not < <(tap_tally "$f")
	plan=$(tap_plan_of "$f")
	sed "s|^\(not \)\{0,1\}ok |&$name: |" "$f" | grep -E '^(not )?ok |^#'
	passed=$((passed + n_ok))
	failed=$((failed + n_not))
	if [ -z "$plan" ] || [ "$plan" -ne $((n_ok + n_not)) ]; then
		fail "$name: ended early (plan '${plan:-none}', $((n_ok + n_not)) results)"
		[ -s "$f.stderr" ] && sed 's/^/# /' "$f.stderr" | tail -20
	fi
}

# check_kunit LOG: the KUnit suites the patched kernel ran at boot, one
# result per test case; every suite in tests/guest/kunit-suites.VERSION must have
# run, with as many results as its plan.
check_kunit() {
	local log=$1 suite ktap plan n n_ok n_not
	[ "$variant" = stock ] && return 0
	while read -r suite; do
		ktap=$(sed 's/^\[[^]]*\] //' "$log" 2>/dev/null |
			sed -n "/^    # Subtest: $suite\$/,/^\(not \)\{0,1\}ok [0-9]* $suite\$/p")
		plan=$(echo "$ktap" | sed -n 's/^    1\.\.\([0-9]*\)$/\1/p')
		echo "$ktap" | grep -E '^    (not )?ok ' |
			sed -E "s/^    (not )?ok [0-9]+ /\1ok kunit.$suite: /" > "$share/kunit.$suite"
		cat "$share/kunit.$suite"
		read -r n_ok n_not < <(tap_tally "$share/kunit.$suite")
		passed=$((passed + n_ok))
		failed=$((failed + n_not))
		n=$(wc -l < "$share/kunit.$suite")
		if [ -z "$plan" ] || [ "$n" -ne "$plan" ]; then
			fail "kunit.$suite: did not run to the end (plan '${plan:-none}', $n results)"
		fi
	done < <(grep -v '^#' "$here/kunit-suites.$version")
}

. "$top/tests/helpers/tap.sh"
. "$here/case-list.sh"
for setup in "${setups[@]}"; do
	for c in $(guest_cases "$here"); do
		name=$setup.$(basename "$c" .sh)
		check_tap "$share/tap/$name.tap" "$name"
	done
done
check_kunit "$share/boot-dmesg.log"
[ -f "$share/tap/setups" ] && sed 's/^/# setup /' "$share/tap/setups"
[ -f "$share/tap/stuck.log" ] && sed 's/^/# /' "$share/tap/stuck.log"
# print_times: where the guest's time went, per case over all setups and
# per setup over all cases (guest seconds), the slowest first.
print_times() {
	local t=$share/tap/times
	[ -s "$t" ] || return 0
	echo "# time per case (s):"
	awk '{ s[$2] += $3 } END { for (c in s) printf "#   %5d %s\n", s[c], c }' "$t" | sort -rn
	echo "# time per setup (s):"
	awk '{ s[$1] += $3 } END { for (c in s) printf "#   %5d %s\n", s[c], c }' "$t" | sort -rn
}
print_times
if [ "$boot_rc" -ne 0 ]; then
	fail "guest boot ($variant kernel) ended with status $boot_rc"
	tail -30 "$share/console.log" 2>/dev/null | sed 's/^/# /'
fi
# check_debug_kernel: on the debug kernel, KASAN started at boot, lockdep
# passed its self-tests (locking bugs made on purpose, each of which it
# must detect) and was still validating at the end (it turns itself off
# after its first report, or when it runs out of room).
check_debug_kernel() {
	[ "$variant" = debug ] || return 0
	expect "debug kernel: KASAN on" \
		grep -qs 'KernelAddressSanitizer initialized' "$share/boot-dmesg.log"
	expect "debug kernel: lockdep's boot self-tests caught every bug they make" \
		grep -qs 'Good, all .* testcases passed' "$share/boot-dmesg.log"
	expect "debug kernel: lockdep validating to the end" \
		grep -qsE '^ *debug_locks: +1$' "$share/lockdep_stats" ||
		grep -sE 'debug_locks|lock-classes' "$share/lockdep_stats" | sed 's/^/# /'
}
check_debug_kernel

# kernel_warnings: the warnings of the guest's kernel log, less those the
# stock kernel is known to print (tests/guest/stock-known-warnings.VERSION).
kernel_warnings() {
	local known=/dev/null
	[ "$variant" = stock ] && known=$here/stock-known-warnings.$version
	cat "$share/console.log" "$share/dmesg.log" 2>/dev/null |
		grep -E 'WARNING:|BUG:|INFO:|Oops|Kernel panic' |
		grep -vF -f <(grep -v '^#' "$known") | sort -u
}
warnings=$(kernel_warnings)
if [ -n "$warnings" ]; then
	fail "kernel log has warnings (see $share)"
	echo "$warnings" | head | sed 's/^/# /'
fi
echo "guest: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && rm -rf "$share"
[ "$failed" -eq 0 ]
