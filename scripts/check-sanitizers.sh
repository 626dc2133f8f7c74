#!/bin/bash
# make check on a second build with AddressSanitizer and UBSan, configured
# out of tree from the distributed sources (the main tree is configured in
# place, which a VPATH build refuses).  Every report is fatal and also
# counted, from OUTDIR/reports (ASan) and from the tests' logs, so that one
# in a process whose exit status a test ignores still fails the run.
#
#   scripts/check-sanitizers.sh [OUTDIR]
#
# The main tree must be configured (scripts/build.sh).  Prints the make
# check log and "sanitizer reports: N"; exits non-zero on any failure.
# IMAGE_KILL_COUNT, when set, is passed to tests/image/image-kill.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/test-logs/asan}
san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"

rm -rf "$out"
mkdir -p "$out/build" "$out/reports"
make -s -C "$top" distdir distdir="$out/src" >/dev/null || exit 1
cd "$out/build" || exit 1
# Warnings are the main build's business: sanitizer instrumentation makes
# gcc's flow warnings noisy.
../src/configure --quiet --disable-werror CFLAGS="-g -O1 $san" \
	LDFLAGS="$san" > "$out/configure.log" 2>&1 || {
	cat "$out/configure.log"
	exit 1
}
make -s -j2 > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }

export ASAN_OPTIONS="log_path=$out/reports/asan:log_exe_name=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
# gcc's UBSan ignores log_path: its reports go to stderr, and the abort
# keeps a test that expects some failure status from taking one for it.
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
make -s -j2 check
rc=$?
# Reports in files, and those that reached a test's log.
markers='ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: (Address|UndefinedBehavior|Leak)Sanitizer'
reports=0
for f in "$out/reports"/* $(grep -ElR --include='*.log' "$markers" "$out/build/tests" | sort); do
	[ -f "$f" ] || continue
	reports=$((reports + 1))
	echo "== $f"
	grep -E -m1 -A40 "$markers" "$f" || head -60 "$f"
done
echo "sanitizer reports: $reports"
[ "$rc" -eq 0 ] && [ "$reports" -eq 0 ]
