# Every public function, exported (libblkzone.map) or inline in
# libblkzone.h, has a section 3 manual page, either its own or a .so link
# to a page that names it, every page is installed (listed in
# dist_man_MANS), every page renders without warnings, and zonectl(8)
# documents every option --help shows.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

man=$top_srcdir/man
syms=$(sed -n 's/^[[:space:]]*\(blkzone_[a-z_]*\);$/\1/p' \
	"$top_srcdir/lib/libblkzone.map")
# The inline functions: "static inline TYPE NAME(" on one line.
syms="$syms $(sed -n 's/^static inline .*[ *]\(blkzone_[a-z_]*\)(.*/\1/p' \
	"$top_srcdir/lib/libblkzone.h")"

plan 4
# The page a .so link names, as installed (man3/NAME.3), in the source tree.
so_target() {
	sed -n '1s|^\.so man3/\([a-z_]*\.3\)$|\1|p' "$1"
}

missing=
for s in $syms; do
	page=$man/$s.3
	if [ -f "$page" ] && [ -n "$(so_target "$page")" ]; then
		target=$man/$(so_target "$page")
		[ -f "$target" ] && [ "$(wc -l < "$page")" -eq 1 ] &&
			sed -n '/^\.SH NAME/,/^\.SH/p' "$target" |
			grep -q "\(^\|[ ,]\)$s\([ ,]\|$\)" ||
			missing="$missing $s"
		continue
	fi
	[ -f "$page" ] && grep -q "^\.TH $s 3" "$page" ||
		missing="$missing $s"
done
[ -z "$missing" ]
ok $? "a page for each function${missing:+ (missing:$missing)}"

# The pages Makefile.am installs, one name a line.
installed=$(sed -n '/^dist_man_MANS[[:space:]]*=/,/^$/p' "$top_srcdir/Makefile.am" |
	grep -o 'man/[a-z0-9_.]*\.[38]')
unlisted=
for page in "$man"/*.3 "$man"/*.8; do
	echo "$installed" | grep -qx "man/$(basename "$page")" ||
		unlisted="$unlisted $(basename "$page")"
done
[ -z "$unlisted" ]
ok $? "every page is in dist_man_MANS${unlisted:+ (not listed:$unlisted)}"

if command -v groff >/dev/null; then
	bad=
	for page in "$man"/*.3 "$man"/*.8; do
		# Links render as their target, which the loop renders too.
		[ -n "$(so_target "$page")" ] && continue
		w=$(groff -t -man -ww -z "$page" 2>&1)
		[ -z "$w" ] || bad="$bad $(basename "$page")"
	done
	[ -z "$bad" ]
	ok $? "pages render cleanly${bad:+ (warnings:$bad)}"
else
	echo "ok 3 # SKIP groff not found"
	tap_count=3
fi

undoc=
for cmd in info report capacity summary map reset open close finish mkimage; do
	for opt in $("$ZONECTL" $cmd --help | grep -o -- '--[a-z-]*' | sort -u); do
		grep -q -- "$(echo "$opt" | sed 's/-/\\\\-/g')" "$man/zonectl.8" ||
			undoc="$undoc $cmd:$opt"
	done
done
[ -z "$undoc" ]
ok $? "zonectl(8) documents every option${undoc:+ (missing:$undoc)}"
done_testing
