# One rule for the range of every command: --count and --length are
# mutually exclusive (as in blkzone), and a length is whole sectors.  Each
# refusal is one line, and the zone image is unchanged.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

img=$tap_tmp/img
"$ZONECTL" mkimage -z 1M -n 8 "$img" >/dev/null || exit 1
"$ZONECTL" open -O 3M -c 2 "$img" >/dev/null || exit 1
state() {
	"$ZONECTL" report -r -n -o START,COND,WPTR "$img" | md5sum
}
before=$(state)

cmds="report capacity summary map reset open close finish"
plan 25
for cmd in $cmds; do
	usage_error "--count and --length are mutually exclusive" \
		"$ZONECTL" $cmd -O 3M -c 1 -l 2M "$img"
	usage_error "--count and --length are mutually exclusive" \
		"$ZONECTL" $cmd -l 1M --count 1 "$img"
	usage_error "length '1000KB' is not a multiple of 512 bytes" \
		"$ZONECTL" $cmd -O 0 -l 1000KB "$img"
done
ok "$([ "$(state)" = "$before" ]; echo $?)" "the image is unchanged"
done_testing
