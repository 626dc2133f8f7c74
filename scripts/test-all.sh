#!/bin/bash
# Every test, host and guest: installs what it needs, builds the tree and
# the guest kernel (cached), runs the host tests (make check), the kernel
# series checks and the guest tests, and ends with "N passed, N failed".
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

# count_tap NAME FILE: the TAP lines of a suite's output.
count_tap() {
	count "$1" "$(grep -c '^ok ' "$2")" "$(grep -c '^not ok ' "$2")"
}

step() {
	echo "== $1"
	shift
	"$@" || { echo "test-all: '$*' failed" >&2; echo "0 passed, 1 failed"; exit 1; }
}

step "installing packages" scripts/install-deps.sh
step "building" scripts/build.sh

echo "== host tests (make check)"
make -s check > "$log/host.log" 2>&1
host_rc=$?
grep -E '^(PASS|FAIL|ERROR|XPASS|SKIP):' "$log/host.log"
p=$(sed -n 's/^# PASS: *//p' "$log/host.log")
f=$(( $(sed -n 's/^# FAIL: *//p' "$log/host.log") + $(sed -n 's/^# ERROR: *//p' "$log/host.log") + $(sed -n 's/^# XPASS: *//p' "$log/host.log") ))
[ "$host_rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
count host "${p:-0}" "$f"

echo "== make distcheck"
if make -s distcheck > "$log/distcheck.log" 2>&1; then
	count distcheck 1 0
else
	tail -20 "$log/distcheck.log"
	count distcheck 0 1
fi

echo "== kernel series checks"
kernel/check-series.sh > "$log/kernel.tap" 2>&1
cat "$log/kernel.tap"
count_tap kernel "$log/kernel.tap"

# guest VARIANT [run.sh options]: the guest tests on one kernel.
guest() {
	local variant=$1 rc
	shift
	echo "== guest tests ($variant kernel)"
	tests/guest/run.sh "$@" > "$log/guest-$variant.tap" 2>&1
	rc=$?
	cat "$log/guest-$variant.tap"
	count_tap "guest ($variant)" "$log/guest-$variant.tap"
	if [ "$rc" -ne 0 ] && ! grep -q '^not ok ' "$log/guest-$variant.tap"; then
		count "guest run ($variant)" 0 1
	fi
}
guest patched
guest stock --stock

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
