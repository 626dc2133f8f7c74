# The pkg-config file is valid and describes the library.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

[ -n "$PKG_CONFIG" ] || skip_all "pkg-config not found"
export PKG_CONFIG_PATH="$top_builddir/lib"
plan 3
"$PKG_CONFIG" --validate libblkzone
ok $? "valid"
[ "$("$PKG_CONFIG" --modversion libblkzone)" = "$PACKAGE_VERSION" ]
ok $? "version $PACKAGE_VERSION"
"$PKG_CONFIG" --libs libblkzone | grep -q -- '-lblkzone'
ok $? "links -lblkzone"
done_testing
