#!/bin/bash
# make check of the main build with every C test program, the fuzz corpus
# replays and the examples, and every zonectl that the shell tests run,
# under valgrind memcheck: no errors and no definite leaks.  Prints the
# make check log and "valgrind reports: N".
#
#   scripts/check-valgrind.sh [OUTDIR]
#
# The tree must be built (scripts/build.sh).  The forked children of
# tests/image/image-kill run under valgrind too, slowly, so that test gets
# fewer kills and a longer window before each.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/test-logs/valgrind}

rm -rf "$out"
mkdir -p "$out/logs"
# Some shell tests run zonectl as another user.
chmod 1777 "$out/logs"
export VALGRIND_LOG_DIR=$out/logs
printf '#!/bin/sh\nexec "%s/scripts/valgrind-run.sh" "%s/cli/zonectl" "$@"\n' \
	"$top" "$top" > "$out/zonectl"
chmod 755 "$out" "$out/zonectl"
export ZONECTL_WRAPPER=$out/zonectl
export IMAGE_KILL_COUNT=40 IMAGE_KILL_WINDOW_US=100000

cd "$top" || exit 1
# A separate test-suite log: the plain make check keeps its own.
make -s -j2 check LOG_COMPILER="$top/scripts/valgrind-run.sh" \
	TEST_SUITE_LOG=test-suite-valgrind.log
rc=$?
# valgrind warns about the loop device ioctls it does not know; those are
# not reports.
reports=0
for f in "$out/logs"/*.log; do
	[ -f "$f" ] || continue
	if grep -v -e 'Warning: noted but unhandled ioctl' \
		-e 'This could cause spurious value errors' \
		-e 'See README_MISSING_SYSCALL_OR_IOCTL' "$f" | grep -q .; then
		reports=$((reports + 1))
		echo "== $f"
		head -60 "$f"
	fi
done
echo "valgrind processes: $(find "$out/logs" -type f | wc -l), with reports: $reports"
echo "valgrind reports: $reports"
[ "$rc" -eq 0 ] && [ "$reports" -eq 0 ]
