# The shared library exports exactly the symbols of libblkzone.map, all at
# version LIBBLKZONE_0.1.
. "$top_srcdir/tests/host/tap.sh"

so=$top_builddir/lib/.libs/libblkzone.so
[ -f "$so" ] || skip_all "no shared library built"
command -v nm >/dev/null || skip_all "nm not found"

want=$(sed -n 's/^[[:space:]]*\(blkzone_[a-z_]*\);$/\1/p' \
	"$top_srcdir/lib/libblkzone.map" | sort | tr '\n' ' ')
got=$(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' |
	sed 's/@.*//' | sort | tr '\n' ' ')
versioned=$(nm -D --defined-only "$so" | grep -c '@@LIBBLKZONE_0\.1$')

plan 3
[ -n "$want" ]
ok $? "the map lists symbols"
[ "$got" = "$want" ]
ok $? "exported: $got"
[ "$versioned" -eq "$(echo "$want" | wc -w)" ]
ok $? "$versioned symbols at LIBBLKZONE_0.1"
done_testing
