# Sourced by the shell tests: TAP output and command capture.

tap_count=0
tap_failed=0
tap_tmp=$(mktemp -d "${TMPDIR:-/tmp}/blkzone-test.XXXXXX") || exit 1
trap 'rm -rf "$tap_tmp"' EXIT

plan() {
	echo "1..$1"
}

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

# ok STATUS DESCRIPTION: passes when STATUS is 0.
ok() {
	tap_count=$((tap_count + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_count - $2"
	else
		echo "not ok $tap_count - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

diag() {
	sed 's/^/# /' "$@"
}

done_testing() {
	[ "$tap_failed" -eq 0 ]
	exit $?
}

# run CMD...: runs CMD; sets $status, $out and $err (file names).
out=$tap_tmp/out
err=$tap_tmp/err
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
