# The shared library exports exactly the symbols of libblkzone.map, each at
# the version of the map's node that lists it.  The symbols of 0.1 keep
# LIBBLKZONE_0.1 for good (programs linked against 0.1 need them there),
# later ones are added in LIBBLKZONE_0.2, which inherits 0.1, and the
# soname stays libblkzone.so.0.  The Debian symbols file lists the same
# symbols at the same nodes.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

so=$top_builddir/lib/.libs/libblkzone.so
map=$top_srcdir/lib/libblkzone.map
[ -f "$so" ] || skip_all "no shared library built"
command -v nm >/dev/null || skip_all "nm not found"
command -v readelf >/dev/null || skip_all "readelf not found"

# The 0.1 interface, frozen: never change this list.
v01="blkzone_close blkzone_cond_name blkzone_get_info blkzone_image_create
blkzone_model_name blkzone_op_name blkzone_open blkzone_read
blkzone_report_count blkzone_report_end blkzone_report_next
blkzone_report_start blkzone_report_was_cached blkzone_report_zones
blkzone_type_name blkzone_write blkzone_zone_at blkzone_zone_op
blkzone_zone_op_all blkzone_zone_write"

# "symbol@@NODE" for each symbol the map lists, sorted.
want=$(awk '
	/^LIBBLKZONE_[0-9.]+[[:space:]]*\{/ { node = $1; sub(/\{.*/, "", node) }
	/^[[:space:]]*blkzone_[a-z0-9_]*;$/ {
		s = $1; sub(/;$/, "", s); print s "@@" node
	}' "$map" | sort | tr '\n' ' ')
got=$(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' | sort |
	tr '\n' ' ')
in_01=$(echo "$want" | tr ' ' '\n' | sed -n 's/@@LIBBLKZONE_0\.1$//p' |
	sort | tr '\n' ' ')

# "symbol@@NODE" for each symbol of debian/libblkzone0.symbols, sorted.
deb=$(sed -n 's/^ \(blkzone_[a-z0-9_]*\)@\(LIBBLKZONE_[0-9.]*\) .*/\1@@\2/p' \
	"$top_srcdir/debian/libblkzone0.symbols" | sort | tr '\n' ' ')

plan 7
[ -n "$want" ]
ok $? "the map lists symbols"
[ "$got" = "$want" ]
ok $? "exported as the map says: $got"
[ "$in_01" = "$(echo $v01 | tr ' ' '\n' | sort | tr '\n' ' ')" ]
ok $? "LIBBLKZONE_0.1 holds the 0.1 symbols, no more, no less: $in_01"
grep -q '^} LIBBLKZONE_0\.1;$' "$map"
ok $? "the map has a node that inherits LIBBLKZONE_0.1"
readelf -V "$so" | grep -q 'Name: LIBBLKZONE_0\.2$'
ok $? "the library defines version LIBBLKZONE_0.2"
readelf -d "$so" | grep -q 'Library soname: \[libblkzone\.so\.0\]'
ok $? "soname libblkzone.so.0"
[ "$deb" = "$want" ]
ok $? "debian/libblkzone0.symbols lists the map's symbols: $deb"
done_testing
