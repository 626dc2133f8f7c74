#!/bin/bash
# Checks of a kernel series, as TAP:
#
#   kernel/check-series.sh [--version V]     (default 6.1: kernel/6.1/)
#
#  - each patch passes the tree's own scripts/checkpatch.pl --strict;
#  - each proper prefix of the series builds (the whole series is built by
#    kernel/build.sh), so that the series stays bisectable.
# Prefix builds start from the patched tree's objects, and are remembered
# under $BLKZONE_CACHE once they passed for the same series and config.
set -uo pipefail
top=$(cd "$(dirname "$0")" && pwd)
cache=${BLKZONE_CACHE:-/var/cache/blkzone}
version=6.1
n=0

case "${1:-}" in
--version) version=${2:?--version needs a kernel version} ;;
'') ;;
*) echo "kernel/check-series.sh: unknown option '$1'" >&2; exit 2 ;;
esac
here=$top/$version
[ -f "$here/patches/series" ] || {
	echo "kernel/check-series.sh: no series for kernel version '$version'" >&2
	exit 2
}

result() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

mapfile -t patches < <(grep -v -e '^#' -e '^$' "$here/patches/series")
kdir=$("$top/build.sh" --quiet --version "$version")
[ -n "$kdir" ] || { echo "not ok 1 - the series builds"; echo "1..1"; exit 1; }
result 0 "the whole series (${#patches[@]} patches) applies and builds"

for p in "${patches[@]}"; do
	out=$(cd "$kdir/src" && ./scripts/checkpatch.pl --strict \
		--ignore MISSING_SIGN_OFF -q "$here/patches/$p" 2>&1)
	rc=$?
	result "$rc" "$p: checkpatch --strict clean"
	[ "$rc" -eq 0 ] || echo "$out" | sed 's/^/# /'
done

# Each prefix 1..k, k < number of patches, from the patched tree's objects:
# the patches are taken off one at a time from the end, each time rebuilding
# only what the patch touched.  The tree goes back to the folder it was
# built in (kernel/build.sh builds in $cache/kernel/work, under its lock),
# so that the dependency files and ccache's compiler lines hold.
prefix_builds() {
	local key marker work k p ok=0
	key=$(cat "$here/patches/series" "$here/guest.config" "$top/build.sh" "$0" \
		"${patches[@]/#/$here/patches/}" | sha256sum | cut -c1-16)
	marker=$cache/kernel/$version-prefixes-ok-$key
	if [ -f "$marker" ]; then
		for ((k = ${#patches[@]} - 1; k >= 1; k--)); do
			result 0 "prefix 1..$k builds (cached)"
		done
		return
	fi
	work=$cache/kernel/work
	exec {lock}>"$work.lock"
	flock "$lock"
	rm -rf "$work"
	mkdir -p "$work"
	cp -a "$kdir/src" "$kdir/build" "$work/"
	for ((k = ${#patches[@]} - 1; k >= 1; k--)); do
		p=${patches[$k]}
		if ! patch -R -d "$work/src" -p1 --fuzz=0 -s -i "$here/patches/$p" >/dev/null; then
			result 1 "prefix 1..$k: $p does not come off the tree"
			ok=1
			break
		fi
		if CCACHE_DIR=$cache/ccache CCACHE_MAXSIZE=5G \
			make -C "$work/src" O="$work/build" ARCH=x86_64 CC="ccache gcc" -s -j"$(nproc)" \
				olddefconfig bzImage modules >"$work.log" 2>&1; then
			result 0 "prefix 1..$k builds"
		else
			result 1 "prefix 1..$k builds"
			tail -20 "$work.log" | sed 's/^/# /'
			ok=1
		fi
	done
	[ "$ok" -eq 0 ] && touch "$marker"
	rm -rf "$work" "$work.log"
	flock -u "$lock"
}
[ ${#patches[@]} -gt 1 ] && prefix_builds
echo "1..$n"
