# Sourced by run.sh and run-cases.sh: guest_cases DIR prints the case
# scripts of DIR/cases, all of them or those BLKZONE_CASES names.
guest_cases() {
	local c
	for c in "$1"/cases/*.sh; do
		if [ -z "${BLKZONE_CASES:-}" ] ||
		   [[ " $BLKZONE_CASES " == *" $(basename "$c" .sh) "* ]]; then
			echo "$c"
		fi
	done
}
