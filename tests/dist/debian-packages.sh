#!/bin/bash
# The Debian packages: builds libblkzone0, libblkzone-dev and zonectl from a
# copy of the tree with dpkg-buildpackage, checks them with lintian,
# installs them on this machine, runs the installed zonectl on a zone image
# and a program built against the installed libblkzone.pc, and purges them
# again, also when interrupted.  Run as root on Debian 12, with what
# scripts/install-deps.sh installs; refuses to run where any of the three
# packages is already installed, so as to leave the machine as it was.
# The copy holds the files git tracks (as the working tree has them) and
# untracked files that are not ignored.  TAP output.
#
# The package build skips make check (DEB_BUILD_OPTIONS=nocheck): the test
# command runs it on the same sources.  ZONECTL names the zonectl whose
# report of the image the installed one must match (default: the one the
# package build made).
top=$(cd "$(dirname "$0")/../.." && pwd)
top_srcdir=${top_srcdir:-$top}
# shellcheck source=tests/helpers/tap.sh
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

packages=(libblkzone0 libblkzone-dev zonectl)

[ "$(id -u)" -eq 0 ] || skip_all "dpkg -i needs root"
for tool in dpkg-buildpackage dh lintian cc pkg-config git; do
	command -v "$tool" >/dev/null || skip_all "$tool not found (scripts/install-deps.sh)"
done
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' &&
		skip_all "$p is installed already: not replacing it"
done

installed=
purge() {
	[ -n "$installed" ] && dpkg -P "${packages[@]}" >/dev/null 2>&1
	installed=
	rm -rf "$tap_tmp"
}
trap purge EXIT
trap 'exit 130' INT TERM

version=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
arch=$(dpkg --print-architecture)
build=$tap_tmp/libblkzone-$version
mkdir -p "$build"

# The tree, without build outputs: what git tracks and what it does not
# ignore.
(cd "$top" && git ls-files -z -c -o --exclude-standard |
	while IFS= read -r -d '' f; do
		[ -e "$f" ] && printf '%s\0' "$f"
	done | tar --null -T - -cf - | tar -xf - -C "$build")
ok $? "copy of the tree in $build"

t=$SECONDS
(cd "$build" &&
	DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:-nocheck noautodbgsym parallel=$(nproc)}" \
	dpkg-buildpackage -us -uc -b) > "$tap_tmp/build.log" 2>&1
status=$?
[ "$status" -eq 0 ] || tail -40 "$tap_tmp/build.log" | diag
ok "$status" "dpkg-buildpackage -us -uc -b ($((SECONDS - t)) s)"

for p in "${packages[@]}"; do
	deb=$tap_tmp/${p}_${version}_$arch.deb
	[ -f "$deb" ] && [ "$(dpkg-deb -f "$deb" Package)" = "$p" ]
	ok $? "${deb##*/} built"
done

# lintian says "running with root privileges is not recommended" on
# stderr: only its findings count.
changes=$tap_tmp/libblkzone_${version}_$arch.changes
lintian --fail-on error,warning "$changes" > "$tap_tmp/lintian.out" 2>/dev/null
status=$?
diag "$tap_tmp/lintian.out"
! grep -qE '^[EW]: ' "$tap_tmp/lintian.out" && [ "$status" -eq 0 ]
ok $? "lintian: no errors or warnings (exit status $status)"

installed=yes
debs=()
for p in "${packages[@]}"; do
	debs+=("$tap_tmp/${p}_${version}_$arch.deb")
done
dpkg -i "${debs[@]}" > "$tap_tmp/dpkg.log" 2>&1
status=$?
[ "$status" -eq 0 ] || diag "$tap_tmp/dpkg.log"
ok "$status" "dpkg -i ${packages[*]}"

zonectl=/usr/bin/zonectl
[ "$(dpkg -S "$zonectl" 2>/dev/null)" = "zonectl: $zonectl" ] &&
	[ "$("$zonectl" --version)" = "zonectl from libblkzone $version" ]
ok $? "$zonectl --version: $("$zonectl" --version 2>&1)"

# installed_lib PROGRAM: succeeds if PROGRAM loads the libblkzone.so.0 of
# the libblkzone0 package.
installed_lib() {
	lib=$(ldd "$1" | sed -n 's/.*libblkzone\.so\.0 => \([^ ]*\).*/\1/p')
	[ -n "$lib" ] && lib=$(readlink -f "$lib") &&
		[ "$(dpkg -S "$lib" 2>/dev/null | cut -d: -f1)" = libblkzone0 ]
}
installed_lib "$zonectl"
ok $? "$zonectl loads libblkzone0's library: $lib"

img=$tap_tmp/disk.img
"$zonectl" mkimage -q -z 1M -n 8 --conv 1 --max-open 4 "$img" &&
	"$zonectl" open -z 2 -c 2 "$img" && "$zonectl" finish -z 5 -c 1 "$img"
ok $? "$zonectl mkimage, open, finish on a zone image"

ref=${ZONECTL:-$build/cli/zonectl}
"$zonectl" report "$img" > "$tap_tmp/report.installed" 2>&1
"$ref" report "$img" > "$tap_tmp/report.built" 2>&1
if cmp -s "$tap_tmp/report.installed" "$tap_tmp/report.built" &&
   [ "$(awk '$7 == "oe"' "$tap_tmp/report.installed" | wc -l)" -eq 2 ] &&
   [ "$(awk '$7 == "fu"' "$tap_tmp/report.installed" | wc -l)" -eq 1 ]; then
	ok 0 "zonectl report: the installed and the built zonectl agree (2 open, 1 full)"
else
	diff "$tap_tmp/report.installed" "$tap_tmp/report.built" | diag
	ok 1 "zonectl report: the installed and the built zonectl agree (2 open, 1 full)"
fi

# The example, built as its comment says, against the installed package
# only.
env -u PKG_CONFIG_PATH pkg-config --exists "libblkzone = $version"
ok $? "pkg-config finds libblkzone $version"
prog=$tap_tmp/zone-list
# shellcheck disable=SC2046
cc -Wall -Werror -o "$prog" "$top/examples/zone-list.c" \
	$(env -u PKG_CONFIG_PATH pkg-config --cflags --libs libblkzone) \
	> "$tap_tmp/cc.log" 2>&1
status=$?
[ "$status" -eq 0 ] || diag "$tap_tmp/cc.log"
ok "$status" "examples/zone-list.c builds with pkg-config --cflags --libs libblkzone"

"$prog" "$img" > "$tap_tmp/zone-list.out" 2>&1
status=$?
diag "$tap_tmp/zone-list.out"
[ "$status" -eq 0 ] &&
	[ "$(head -1 "$tap_tmp/zone-list.out")" = "$img: host-managed, 8 zones of 1048576 bytes" ] &&
	[ "$(awk '$4 == "swr"' "$tap_tmp/zone-list.out" | wc -l)" -eq 7 ] &&
	[ "$(awk '$5 == "fu" && $3 == 1048576' "$tap_tmp/zone-list.out" | wc -l)" -eq 1 ] &&
	installed_lib "$prog"
ok $? "zone-list on the image, with libblkzone0's library (status $status)"

comp=/usr/share/bash-completion/completions/zonectl
[ "$(dpkg -S "$comp" 2>/dev/null)" = "zonectl: $comp" ] &&
	bash -c ". '$comp' && complete -p zonectl" 2>&1 | grep -q ' zonectl$'
ok $? "bash completion: $comp, from the zonectl package, completes zonectl"

dpkg -P "${packages[@]}" > "$tap_tmp/purge.log" 2>&1
status=$?
[ "$status" -eq 0 ] || diag "$tap_tmp/purge.log"
left=$(for p in "${packages[@]}"; do dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "$p" 2>/dev/null; done |
	grep -v '^un ')
[ "$status" -eq 0 ] && [ -z "$left" ] && [ ! -e "$zonectl" ] && [ ! -e "$comp" ] &&
	! env -u PKG_CONFIG_PATH pkg-config --exists libblkzone
ok $? "dpkg -P ${packages[*]} leaves nothing behind${left:+: $left}"
installed=

plan "$tap_count"
done_testing
