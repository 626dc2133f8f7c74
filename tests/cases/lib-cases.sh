# Runs the library test cases (tests/cases) on one device and merges their
# TAP into one stream: sourced, after tests/helpers/tap.sh, by the host
# driver (zone images) and by the guest case lib-cases.sh (disks).  Each
# case's results keep their order, numbered on in the merged stream and
# named after the case; a case that dies, exits non-zero without a failed
# result, or breaks its plan adds a failed result, and so does a device
# left with zones not reset.

# lc_dirty DEV: the number of zones neither empty nor conventional.
lc_dirty() {
	"${ZONECTL:-zonectl}" report --raw --noheadings -o COND-NUM "$1" |
		awk '$1 != 0 && $1 != 1 { n++ } END { print n + 0 }'
}

# lc_run NAME DEV PROGRAM: one case on DEV.
lc_run() {
	local name=$1 dev=$2 prog=$3 out err rc line plan n=0 nfail=0 dirty
	out=$(mktemp)
	err=$(mktemp)
	timeout 300 "$prog" "$dev" > "$out" 2> "$err"
	rc=$?
	if grep -q '^1\.\.0 # SKIP' "$out"; then
		tap_skip "$name" "$(sed -n 's/^1\.\.0 # SKIP //p' "$out")"
		rm -f "$out" "$err"
		return
	fi
	while IFS= read -r line; do
		case "$line" in
		"ok "*" # SKIP"*)
			n=$((n + 1))
			tap_skip "$name" "${line#* # SKIP }" ;;
		"ok "*)
			n=$((n + 1))
			tap_result 0 "$name: ${line#* - }" ;;
		"not ok "*)
			n=$((n + 1)); nfail=$((nfail + 1))
			tap_result 1 "$name: ${line#* - }" ;;
		"#"*) echo "$line" ;;
		esac
	done < "$out"
	plan=$(tap_plan_of "$out")
	if [ -z "$plan" ] || [ "$plan" -ne "$n" ] || { [ "$rc" -ne 0 ] && [ "$nfail" -eq 0 ]; }; then
		tap_result 1 "$name: ended with status $rc, plan '${plan:-none}', $n results"
		sed 's/^/# /' "$err" | tail -20
	fi
	# A regular disk has no zones to leave behind.
	[ "${EXPECT_ZONED:-}" = none ] && { rm -f "$out" "$err"; return; }
	dirty=$(lc_dirty "$dev")
	[ "$dirty" = 0 ] && tap_result 0 "$name: leaves every zone reset" ||
		tap_result 1 "$name: leaves $dirty zones not reset"
	rm -f "$out" "$err"
}
