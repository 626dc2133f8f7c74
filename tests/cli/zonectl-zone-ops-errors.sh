# Every bad input to reset, open, close and finish gets one line naming the
# problem and exit status 1, and leaves the zone image unchanged.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

img=$tap_tmp/img
"$ZONECTL" mkimage -q -z 1M -n 8 --conv 2 "$img" || exit 1
"$ZONECTL" finish -O 4M -c 1 "$img" || exit 1
regular=$tap_tmp/regular
dd if=/dev/zero of="$regular" bs=4096 count=16 2>/dev/null
corrupt=$tap_tmp/corrupt
cp "$img" "$corrupt"
printf 'XXXX' | dd of="$corrupt" bs=1 seek=16 conv=notrunc status=none
# An image another user may read but not write.
chmod 0711 "$tap_tmp"
mkdir -m 0755 "$tap_tmp/pub"
noperm=$tap_tmp/pub/noperm
cp "$img" "$noperm"
chmod 0444 "$noperm"

state() {
	"$ZONECTL" report -r -n -o START,COND,WPTR "$img" | md5sum
}
before=$(state)

plan 20
for cmd in reset open close finish; do
	usage_error "a range (--count or --length, from --offset or --zone) or --all is required" \
		"$ZONECTL" $cmd "$img"
done
usage_error "--offset '100' (100 sectors, 50 KiB) is not the start of a zone (zones are 2048 sectors, 1 MiB)" "$ZONECTL" reset -O 100 -c 1 "$img"
usage_error "--offset '8M' is at or beyond the end of the device (16384 sectors, 8 MiB)" "$ZONECTL" reset -O 8M -c 1 "$img"
usage_error "--count '3' goes past the end of the device (2 zones from zone 6)" "$ZONECTL" reset -O 6M -c 3 "$img"
usage_error "--length '4M' from sector 12288 goes past the end of the device (16384 sectors, 8 MiB)" "$ZONECTL" finish -O 6M -l 4M "$img"
usage_error "--length '1536K' does not end the range on a zone end (zones are 2048 sectors, 1 MiB)" "$ZONECTL" reset -O 2M -l 1536K "$img"
usage_error "invalid count '0'" "$ZONECTL" reset -c 0 "$img"
usage_error "invalid count '-1'" "$ZONECTL" reset -c -1 "$img"
usage_error "conventional zones only: nothing to reset" "$ZONECTL" reset -c 2 "$img"
usage_error "--all and a range are mutually exclusive" "$ZONECTL" reset --all -c 1 "$img"
usage_error "no device specified" "$ZONECTL" reset --all
usage_error "/nonexistent: No such file or directory" "$ZONECTL" reset --all /nonexistent
usage_error "$regular: not a block device or a zone image" "$ZONECTL" reset --all "$regular"
usage_error "$corrupt: corrupt zone image" "$ZONECTL" reset --all "$corrupt"
# root ignores file modes: it runs zonectl as nobody.
as_user=
[ "$(id -u)" -ne 0 ] || as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
usage_error "$noperm: Permission denied" $as_user "$ZONECTL" reset --all "$noperm"
usage_error "busy" "$top_builddir/tests/cli/hold-excl" "$img" \
	"$ZONECTL" reset --all "$img"
ok "$([ "$(state)" = "$before" ]; echo $?)" "the image is unchanged"
done_testing
