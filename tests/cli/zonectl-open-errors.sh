# A device zonectl cannot use: a missing path or a file that is not a block
# device gives one line naming the file and the reason, and exit status 1.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

file=$tap_tmp/regular
dd if=/dev/zero of="$file" bs=4096 count=16 2>/dev/null

plan 6
for cmd in info report; do
	usage_error "/nonexistent/disk: No such file or directory" \
		"$ZONECTL" $cmd /nonexistent/disk
	usage_error "$file: not a block device or a zone image" "$ZONECTL" $cmd "$file"
	usage_error "$tap_tmp: not a block device or a zone image" "$ZONECTL" $cmd "$tap_tmp"
done
done_testing
