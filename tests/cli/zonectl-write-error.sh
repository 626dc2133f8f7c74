# Output that cannot be written (a full disk): exit status 1 and one line
# on stderr with the errno of the failed write, whatever the command.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture
[ -w /dev/full ] || skip_all "no /dev/full"

img=$tap_tmp/img
# Enough zones for the report to write while it runs, not only at exit.
"$ZONECTL" mkimage -z 4K -n 10000 "$img" >/dev/null || exit 1

full() {
	"$@" >/dev/full 2>"$err"
	status=$?
	if [ "$status" -eq 1 ] && [ "$(lines "$err")" -eq 1 ] &&
	   grep -qx "zonectl: write error: No space left on device" "$err"; then
		ok 0 "$*"
	else
		ok 1 "$*: status $status, stderr: $(cat "$err")"
	fi
}

plan 14
full "$ZONECTL" report "$img"
full "$ZONECTL" report --json "$img"
full "$ZONECTL" report --raw -c 2 "$img"
full "$ZONECTL" summary "$img"
full "$ZONECTL" summary --json "$img"
full "$ZONECTL" capacity "$img"
full "$ZONECTL" map "$img"
full "$ZONECTL" info "$img"
full "$ZONECTL" info --json "$img"
full "$ZONECTL" report --list-columns
full "$ZONECTL" report --help
full "$ZONECTL" --version
full "$ZONECTL" reset -c 1 -v "$img"
full "$ZONECTL" mkimage -n 1 -z 1M "$tap_tmp/new.img"
done_testing
