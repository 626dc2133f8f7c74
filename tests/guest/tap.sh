# TAP helpers for guest test cases (bash).  A case prints one TAP stream;
# its plan comes last, so a case that dies early has no plan and the host
# counts it as failed.

tap_count=0

# tap_result STATUS DESCRIPTION: one "ok" or "not ok" line.
tap_result() {
	tap_count=$((tap_count + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_count - $2"
	else
		echo "not ok $tap_count - $2"
	fi
	return "$1"
}

# tap_diag TEXT...: diagnostics, each line prefixed with "# ".
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

tap_done() {
	echo "1..$tap_count"
}
