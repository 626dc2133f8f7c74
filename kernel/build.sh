#!/bin/bash
# Build the guest kernel from a Debian linux-source tree.
#
#   kernel/build.sh [--version V] [--stock | --debug] [--upto N] [--quiet]
#
# --version V: the kernel version, 6.1 (default): the tree is Debian's
#          linux-source-V, the series and configs those of kernel/V/.
# Patched (default): applies kernel/V/patches/series in order with no fuzz.
# --stock: the same tree and config without the series.
# --debug: the patched kernel with the checks of kernel/V/debug.config (KASAN,
#          lockdep, atomic sleep and list debugging).
# --upto N: only the first N patches of the series (bisectability checks).
#
# The result is cached under $BLKZONE_CACHE (default /var/cache/blkzone),
# keyed by the tree's package version, the patches applied, the config
# fragment and this script, so an unchanged kernel is never rebuilt.  The
# last line printed is the result folder:
#   bzImage        the guest kernel
#   modules/*.ko   scsi_debug and null_blk
#   src/           the patched tree (for checkpatch), build/ its objects
set -euo pipefail

top=$(cd "$(dirname "$0")" && pwd)
cache=${BLKZONE_CACHE:-/var/cache/blkzone}
version=6.1
variant=patched
upto=
quiet=

die() { echo "kernel/build.sh: $*" >&2; exit 1; }
log() { [ -n "$quiet" ] || echo "kernel/build.sh: $*" >&2; }

while [ $# -gt 0 ]; do
	case "$1" in
	--version) version=${2:?--version needs a kernel version}; shift ;;
	--stock) variant=stock ;;
	--debug) variant=debug ;;
	--upto) upto=${2:?--upto needs a number}; shift ;;
	--quiet) quiet=1 ;;
	-h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
	shift
done

case "$version" in
[0-9]*.[0-9]*) ;;
*) die "bad kernel version '$version' (a version such as 6.1)" ;;
esac
here=$top/$version
package=linux-source-$version
tarball=/usr/src/$package.tar.xz
[ -f "$here/guest.config" ] || die "no series for kernel version '$version' (no $here/guest.config)"

ensure_source() {
	if [ ! -f "$tarball" ]; then
		log "installing $package"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >&2 ||
			die "cannot install $package"
	fi
	[ -f "$tarball" ] || die "$tarball missing after install"
}

# The patches this build applies, one path per line, in series order.
series_patches() {
	[ "$variant" = stock ] && return 0
	local n=0 p
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		n=$((n + 1))
		[ -n "$upto" ] && [ "$n" -gt "$upto" ] && break
		[ -f "$here/patches/$p" ] || die "series names missing patch '$p'"
		echo "$here/patches/$p"
	done < "$here/patches/series"
}

build_key() {
	{
		dpkg-query -W -f='${Version}\n' "$package"
		echo "$variant"
		series_patches | while read -r p; do basename "$p"; cat "$p"; done
		fragments | xargs cat
		cat "$0"
	} | sha256sum | cut -c1-16
}

apply_series() {
	local src=$1 p
	series_patches | while read -r p; do
		log "applying $(basename "$p")"
		patch -d "$src" -p1 --fuzz=0 --no-backup-if-mismatch -s -i "$p" >&2 ||
			die "patch $(basename "$p") does not apply cleanly"
		if find "$src" -name '*.rej' | grep -q .; then
			die "patch $(basename "$p") left rejects"
		fi
	done
}

# The config fragments of this build: the series' own options only for the
# whole series, the debug options only for the debug kernel.
fragments() {
	echo "$here/guest.config"
	[ "$variant" != stock ] && [ -z "$upto" ] && echo "$here/series.config"
	[ "$variant" = debug ] && echo "$here/debug.config"
	return 0
}

# Every option of the fragments must survive olddefconfig: a silently
# dropped dependency would otherwise give a guest without, say, zoned support.
check_config() {
	local cfg=$1 line name
	while read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF "$line" "$cfg" || die "config: '$line' did not stick" ;;
		'# CONFIG_'*' is not set')
			name=${line#\# }; name=${name%% *}
			! grep -q "^$name=" "$cfg" || die "config: $name should be unset" ;;
		esac
	done < <(fragments | xargs cat)
}

configure_kernel() {
	local src=$1 out=$2
	kmake -C "$src" O="$out" -s tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
		$(fragments) >/dev/null
	echo "CONFIG_LOCALVERSION=\"-blkzone-$variant\"" >> "$out/.config"
	kmake -C "$src" O="$out" -s olddefconfig >/dev/null 2>&1 ||
		die "olddefconfig failed"
	check_config "$out/.config"
}

# Every build runs in the same folder, through ccache: the compiler lines
# and the paths in them are then the same from one build to the next, so a
# changed patch recompiles only the files it touches.
kmake() {
	CCACHE_DIR=$cache/ccache CCACHE_MAXSIZE=5G \
		make ARCH=x86_64 CC="ccache gcc" "$@"
}

build() {
	local dir=$1 tmp=$cache/kernel/work
	exec 8>"$tmp.lock"
	flock 8
	rm -rf "$tmp"
	mkdir -p "$tmp/src" "$tmp/build" "$tmp/modules"
	log "extracting $(basename "$tarball")"
	tar -xf "$tarball" -C "$tmp/src" --strip-components=1
	apply_series "$tmp/src"
	configure_kernel "$tmp/src" "$tmp/build"
	log "building ($variant) in $dir"
	kmake -C "$tmp/src" O="$tmp/build" -j"$(nproc)" -s \
		bzImage modules >&2 || die "kernel build failed ($variant)"
	cp "$tmp/build/arch/x86/boot/bzImage" "$tmp/bzImage"
	find "$tmp/build" -name '*.ko' -exec cp {} "$tmp/modules/" \;
	series_patches | xargs -r -n1 basename > "$tmp/series.applied"
	mv "$tmp" "$dir"
	flock -u 8
}

ensure_source
key=$(build_key)
dir="$cache/kernel/$version-$variant${upto:+-upto$upto}-$key"
mkdir -p "$cache/kernel"
# One build of a kernel at a time: a second caller waits, then finds it.
exec 9>"$dir.lock"
flock 9
if [ -f "$dir/bzImage" ]; then
	log "cached: $dir"
else
	build "$dir"
fi
echo "$dir"
