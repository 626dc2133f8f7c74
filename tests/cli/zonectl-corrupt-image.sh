# A damaged zone image: zonectl says what is wrong with it, on one line
# with exit status 1, from the check of libblkzone (blkzone_image_check),
# whether the open or a later call meets the damage.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

img=$tap_tmp/img
"$ZONECTL" mkimage -z 64K -n 256 "$img" >/dev/null || exit 1
size=$(stat -c %s "$img")
bad=$tap_tmp/bad

# fresh: a copy of the image to damage.
fresh() {
	cp "$img" "$bad"
}

plan 7
fresh
truncate -s $((size - 4096)) "$bad"
usage_error "$bad: corrupt zone image: truncated at byte $((size - 4096)): 256 zones of 65536 bytes need $size bytes" \
	"$ZONECTL" info "$bad"
fresh
truncate -s 100 "$bad"
usage_error "$bad: corrupt zone image: truncated at byte 100: the header takes 128 bytes" \
	"$ZONECTL" report "$bad"
fresh
printf 'XXXX' | dd of="$bad" bs=1 seek=16 conv=notrunc status=none
usage_error "$bad: corrupt zone image: header checksum mismatch" \
	"$ZONECTL" info "$bad"
fresh
# Both slots of zone 200's record: 64 bytes from 4096 + 200 * 64.  The
# open reads no record: the report finds the damage, and says it.
head -c 64 /dev/zero | tr '\0' 'Z' |
	dd of="$bad" bs=1 seek=$((4096 + 200 * 64)) conv=notrunc status=none
usage_error "$bad: zone report failed: corrupt zone image: zone record 200: checksum mismatch in both slots" \
	"$ZONECTL" report "$bad"
cp "$bad" "$tap_tmp/before"
usage_error "corrupt zone image: zone record 200: checksum mismatch in both slots" \
	"$ZONECTL" reset --all "$bad"
cmp -s "$bad" "$tap_tmp/before"
ok $? "the damaged image is left as it was"
run "$ZONECTL" report -z 0 -c 2 "$bad"
[ "$status" -eq 0 ] && [ "$(lines "$out")" -eq 3 ]
ok $? "zones 0 and 1 of that image are still reported"
done_testing
