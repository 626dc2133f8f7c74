# Every bad input to reset, open, close and finish gets one line naming the
# problem and exit status 1, and leaves the zone image unchanged.
. "$top_srcdir/tests/host/tap.sh"

img=$tap_tmp/img
"$ZONECTL" mkimage -z 1M -n 8 --conv 2 "$img" || exit 1
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
usage_error "not the start of a zone" "$ZONECTL" reset -O 100 -c 1 "$img"
usage_error "beyond the end of the device" "$ZONECTL" reset -O 8M -c 1 "$img"
usage_error "goes past the end of the device" "$ZONECTL" reset -O 6M -c 3 "$img"
usage_error "the range goes past the end of the device" "$ZONECTL" finish -O 6M -l 4M "$img"
usage_error "does not end on a zone end" "$ZONECTL" reset -O 2M -l 1536K "$img"
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
usage_error "busy" "$top_builddir/tests/host/hold-excl" "$img" \
	"$ZONECTL" reset --all "$img"
ok "$([ "$(state)" = "$before" ]; echo $?)" "the image is unchanged"
done_testing
