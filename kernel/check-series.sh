#!/bin/bash
# Checks of a kernel series, as TAP:
#
#   kernel/check-series.sh [--version V]     (default 6.1: kernel/6.1/)
#
#  - each patch passes the tree's own scripts/checkpatch.pl --strict;
#  - each proper prefix of the series builds (the whole series is built by
#    kernel/build.sh), so that the series stays bisectable.
# Prefix builds are incremental in one tree, and remembered under
# $BLKZONE_CACHE once they passed for the same series and config.
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

# Each prefix 1..k, k < number of patches, in one tree built incrementally.
prefix_builds() {
	local key marker work k=0 p
	key=$(cat "$here/patches/series" "$here/guest.config" "$top/build.sh" "$0" \
		"${patches[@]/#/$here/patches/}" | sha256sum | cut -c1-16)
	marker=$cache/kernel/$version-prefixes-ok-$key
	# One prefix tree for all callers: a second one waits, then finds the
	# first one's marker.
	mkdir -p "$cache/kernel"
	exec {lock}>"$cache/kernel/prefix-work.lock"
	flock "$lock"
	if [ -f "$marker" ]; then
		for ((k = 1; k < ${#patches[@]}; k++)); do
			result 0 "prefix 1..$k builds (cached)"
		done
		return
	fi
	work=$cache/kernel/prefix-work
	rm -rf "$work"
	mkdir -p "$work/src" "$work/build"
	tar -xf "/usr/src/linux-source-$version.tar.xz" -C "$work/src" --strip-components=1
	cp "$kdir/build/.config" "$work/build/.config"
	local ok=0
	for ((k = 1; k < ${#patches[@]}; k++)); do
		p=${patches[$((k - 1))]}
		if patch -d "$work/src" -p1 --fuzz=0 -s -i "$here/patches/$p" >/dev/null &&
			CCACHE_DIR=$cache/ccache CCACHE_MAXSIZE=5G \
			make -C "$work/src" O="$work/build" ARCH=x86_64 CC="ccache gcc" -s -j"$(nproc)" \
				olddefconfig bzImage modules >"$work/build.log" 2>&1; then
			result 0 "prefix 1..$k builds"
		else
			result 1 "prefix 1..$k builds"
			tail -20 "$work/build.log" | sed 's/^/# /'
			ok=1
		fi
	done
	[ "$ok" -eq 0 ] && touch "$marker"
	rm -rf "$work"
}
[ ${#patches[@]} -gt 1 ] && prefix_builds
echo "1..$n"
