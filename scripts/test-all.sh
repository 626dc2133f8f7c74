#!/bin/bash
# Every test, host and guest: installs what it needs, builds the tree and
# the guest kernel (cached), runs the host tests (make check) on the normal
# build, on an ASan and UBSan build and under valgrind, the fuzz targets for
# a bounded time, make distcheck, the Debian packages (built, checked by
# lintian, installed, used and purged), the kernel series checks and the
# guest tests, and ends with "N passed, N failed".  FUZZ_TIME (seconds per fuzz target, default
# 60), IMAGE_KILL_COUNT (kills of the long image crash run, default 3000),
# GUEST_DEBUG_SETUPS and GUEST_STOCK_SETUPS (the disk setups of the 6.1
# debug and stock kernels' guest runs), GUEST_612_SETUPS,
# GUEST_612_DEBUG_SETUPS and GUEST_612_STOCK_SETUPS (those of the 6.12
# patched, debug and stock kernels) bound the time of those parts.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
log=$top/test-logs
rm -rf "$log"
mkdir -p "$log"
passed=0 failed=0

# count NAME PASSED FAILED
count() {
	echo "== $1: $2 passed, $3 failed"
	passed=$((passed + $2))
	failed=$((failed + $3))
}

. "$top/tests/helpers/tap.sh"
# count_tap NAME FILE: the TAP lines of a suite's output.
count_tap() {
	local n_ok n_not
	read -r n_ok n_not < <(tap_tally "$2")
	count "$1" "$n_ok" "$n_not"
}

step() {
	echo "== $1"
	shift
	"$@" || { echo "test-all: '$*' failed" >&2; echo "0 passed, 1 failed"; exit 1; }
}

step "installing packages" scripts/install-deps.sh
step "building" scripts/build.sh

# count_check NAME LOG RC: the results of a make check whose output is LOG
# and exit status RC.
count_check() {
	local p f
	grep -E '^(PASS|FAIL|ERROR|XPASS|SKIP):' "$2"
	p=$(sed -n 's/^# PASS: *//p' "$2")
	f=$(( $(sed -n 's/^# FAIL: *//p' "$2") + $(sed -n 's/^# ERROR: *//p' "$2") + $(sed -n 's/^# XPASS: *//p' "$2") ))
	[ "$3" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	count "$1" "${p:-0}" "$f"
}

# count_reports NAME LOG: fails once if LOG's last "NAME reports: N" line
# is missing or N is not 0 (reports from processes whose exit status a
# test ignored).
count_reports() {
	local n
	n=$(sed -n "s/^$1 reports: *//p" "$2" | tail -1)
	if [ "${n:-x}" = 0 ]; then
		count "$1 reports" 1 0
	else
		grep -E -B2 -A40 '^== ' "$2" | head -200
		count "$1 reports (${n:-none counted})" 0 1
	fi
}

# elapsed START: seconds since START ($SECONDS).
elapsed() {
	echo "($((SECONDS - $1)) s)"
}

echo "== host tests (make check)"
t=$SECONDS
make -s -j2 check > "$log/host.log" 2>&1
count_check host "$log/host.log" $?
elapsed "$t"

# The host tests again on a build with ASan and UBSan, out of tree, with a
# long run of the kill -9 test of zone images.
echo "== host tests with ASan and UBSan (make check)"
t=$SECONDS
IMAGE_KILL_COUNT=${IMAGE_KILL_COUNT:-3000} scripts/check-sanitizers.sh \
	"$log/asan" > "$log/host-asan.log" 2>&1
count_check "host (ASan, UBSan)" "$log/host-asan.log" $?
count_reports sanitizer "$log/host-asan.log"
grep -E '^# [0-9]+ kills' "$log/asan/build/tests/image/image-kill.log"
elapsed "$t"

echo "== host tests under valgrind memcheck (make check)"
t=$SECONDS
scripts/check-valgrind.sh "$log/valgrind" > "$log/host-valgrind.log" 2>&1
count_check "host (valgrind)" "$log/host-valgrind.log" $?
count_reports valgrind "$log/host-valgrind.log"
grep '^valgrind processes' "$log/host-valgrind.log"
elapsed "$t"

echo "== fuzz targets (libFuzzer, ASan, UBSan; ${FUZZ_TIME:-60} s each)"
t=$SECONDS
FUZZ_TIME=${FUZZ_TIME:-60} fuzz/run.sh "$log/fuzz" > "$log/fuzz.tap" 2>&1
cat "$log/fuzz.tap"
count_tap fuzz "$log/fuzz.tap"
grep -q '^1\.\.[1-9]' "$log/fuzz.tap" || count "fuzz run" 0 1
elapsed "$t"

# The tests of the distributed sources ran above, out of tree, in the ASan
# and UBSan build of scripts/check-sanitizers.sh (make distdir): distcheck
# builds them (TESTS= empties the list, not check_PROGRAMS) and checks the
# rest, the read-only source tree, install, uninstall and distclean.
echo "== make distcheck (tests built, not run again)"
t=$SECONDS
if make -s -j2 distcheck TESTS= > "$log/distcheck.log" 2>&1; then
	count distcheck 1 0
else
	tail -20 "$log/distcheck.log"
	count distcheck 0 1
fi
elapsed "$t"

# The Debian packages: built from a copy of the tree, checked by lintian,
# installed on this machine, used and purged (tests/dist/debian-packages.sh).
echo "== Debian packages (dpkg-buildpackage, lintian, dpkg -i)"
t=$SECONDS
tests/dist/debian-packages.sh > "$log/debian.tap" 2>&1
cat "$log/debian.tap"
count_tap "Debian packages" "$log/debian.tap"
grep -q '^1\.\.[1-9]' "$log/debian.tap" || count "Debian packages run" 0 1
elapsed "$t"

# kernel_checks VERSION: checkpatch and the prefix builds of a series.
kernel_checks() {
	local t=$SECONDS
	echo "== kernel series checks ($1)"
	kernel/check-series.sh --version "$1" > "$log/kernel-$1.tap" 2>&1
	cat "$log/kernel-$1.tap"
	count_tap "kernel $1" "$log/kernel-$1.tap"
	elapsed "$t"
}
kernel_checks 6.1
kernel_checks 6.12

# guest KERNEL [run.sh options]: the guest tests on one kernel.
guest() {
	local kernel=$1 tap=$log/guest-${1// /-}.tap rc t=$SECONDS
	shift
	echo "== guest tests ($kernel kernel)"
	tests/guest/run.sh "$@" > "$tap" 2>&1
	rc=$?
	cat "$tap"
	count_tap "guest ($kernel)" "$tap"
	if [ "$rc" -ne 0 ] && ! grep -q '^not ok ' "$tap"; then
		count "guest run ($kernel)" 0 1
	fi
	elapsed "$t"
}
# Which kernel runs which setups and cases, and why: tests/guest/README.
# Programs built against the headers of both series run on both patched
# kernels (the case report-uapi).
export BLKZONE_UAPI_VERSIONS="6.1 6.12"
BLKZONE_CORE_ON_VARIANTS=1 guest "6.1 patched"
guest "6.1 debug" --debug ${GUEST_DEBUG_SETUPS:-null_blk-configfs scsi_debug-hm nvme-zns}
guest "6.1 stock" --stock ${GUEST_STOCK_SETUPS:-scsi_debug-hm regular}
guest "6.12 patched" --version 6.12 ${GUEST_612_SETUPS:-scsi_debug-hm null_blk-configfs nvme-zns}
guest "6.12 debug" --version 6.12 --debug ${GUEST_612_DEBUG_SETUPS:-scsi_debug-hm nvme-zns}
guest "6.12 stock" --version 6.12 --stock ${GUEST_612_STOCK_SETUPS:-null_blk nvme-zns}

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
