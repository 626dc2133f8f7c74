# TAP for the shell tests: sourced by the host shell tests (make check runs
# them with /bin/sh, so this stays POSIX sh), by the guest cases (bash) and
# by the scripts that count the TAP of others (tests/guest/run.sh,
# scripts/test-all.sh).  Sourcing only defines functions and zeroes the
# counters; tap_capture makes the temporary folder that host tests use, as
# guests run on a read-only root and have their own.

tap_count=0
tap_failed=0

# --- Writing a TAP stream ---------------------------------------------------

# plan N: the plan first, when the number of results is known.
plan() {
	echo "1..$1"
}

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

# tap_result STATUS DESCRIPTION: one "ok" (STATUS 0) or "not ok" line;
# returns STATUS, so that a caller can add diagnostics to a failure.
tap_result() {
	tap_count=$((tap_count + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_count - $2"
	else
		echo "not ok $tap_count - $2"
		tap_failed=$((tap_failed + 1))
	fi
	return "$1"
}

# ok STATUS DESCRIPTION: tap_result that always succeeds, for tests that
# check a status they computed.
ok() {
	tap_result "$1" "$2" || :
}

# tap_skip DESCRIPTION REASON: a skipped result.
tap_skip() {
	tap_count=$((tap_count + 1))
	echo "ok $tap_count - $1 # SKIP $2"
}

# diag [FILE...]: diagnostics from files (or stdin), each line after "# ".
diag() {
	sed 's/^/# /' "$@"
}

# tap_diag TEXT...: diagnostics, each line of each argument after "# ".
tap_diag() {
	printf '%s\n' "$@" | sed 's/^/# /'
}

# tap_run DESCRIPTION COMMAND...: ok when COMMAND exits 0.
tap_run() {
	local desc=$1 out rc
	shift
	out=$("$@" 2>&1) && rc=0 || rc=$?
	tap_result "$rc" "$desc" || tap_diag "command: $*" "exit status $rc" "$out"
}

# tap_is DESCRIPTION GOT EXPECTED
tap_is() {
	[ "$2" = "$3" ] && tap_result 0 "$1" && return 0
	tap_result 1 "$1"
	tap_diag "got:      '$2'" "expected: '$3'"
	return 1
}

# tap_same_file DESCRIPTION FILE EXPECTED_FILE: ok when both are equal and
# not empty (an empty report would make two broken tools agree).
tap_same_file() {
	if [ -s "$2" ] && cmp -s "$2" "$3"; then
		tap_result 0 "$1"
		return 0
	fi
	tap_result 1 "$1"
	[ -s "$2" ] || tap_diag "$2 is empty"
	tap_diag "$(diff -u "$3" "$2" | head -40)"
	return 1
}

# tap_done: the plan last, for streams whose number of results depends on
# the device: a stream that dies early has no plan, which counts as failed.
tap_done() {
	echo "1..$tap_count"
}

# done_testing: exits 0 when no result failed.
done_testing() {
	[ "$tap_failed" -eq 0 ]
	exit $?
}

# --- Reading a TAP stream ---------------------------------------------------

# tap_tally FILE: "PASSED FAILED", the numbers of ok and not ok lines.
tap_tally() {
	echo "$(grep -c '^ok ' "$1") $(grep -c '^not ok ' "$1")"
}

# tap_plan_of FILE: the number of results FILE's last plan announces
# (skipped or not), or nothing when it has none.
tap_plan_of() {
	sed -n 's/^1\.\.\([0-9]\+\)\( # SKIP.*\)\{0,1\}$/\1/p' "$1" | tail -1
}

# --- Capturing commands (host tests) ----------------------------------------

# tap_capture: $tap_tmp, a temporary folder removed on exit, and $out and
# $err, the files where run puts a command's output.
tap_capture() {
	tap_tmp=$(mktemp -d "${TMPDIR:-/tmp}/blkzone-test.XXXXXX") || exit 1
	trap 'rm -rf "$tap_tmp"' EXIT
	out=$tap_tmp/out
	err=$tap_tmp/err
}

# run CMD...: runs CMD; sets $status, and $out and $err hold its output.
run() {
	"$@" >"$out" 2>"$err"
	status=$?
}

lines() {
	wc -l <"$1" | tr -d ' '
}

# usage_error WHAT CMD...: CMD must fail with status 1, print nothing on
# stdout and exactly one line on stderr that contains WHAT.
usage_error() {
	what=$1
	shift
	run "$@"
	if [ "$status" -eq 1 ] && [ ! -s "$out" ] && [ "$(lines "$err")" -eq 1 ] &&
	   grep -qF -- "$what" "$err"; then
		ok 0 "$* -> $(cat "$err")"
	else
		ok 1 "$*: status $status, stderr: $(cat "$err")"
	fi
}
