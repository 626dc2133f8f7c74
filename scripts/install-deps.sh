#!/bin/bash
# Install what building and testing needs, from Debian's packages, and
# the packages named as arguments.  Runs apt-get only when one is missing.
set -euo pipefail
packages=(
	# userspace build
	build-essential autoconf automake libtool pkg-config libsmartcols-dev
	# kernel build
	linux-source-6.1 linux-source-6.12 bc flex bison libelf-dev libssl-dev kmod cpio xz-utils
	python3-ply ccache
	# guests
	qemu-system-x86 busybox-static
	# tests and reference tools
	jq util-linux zbd-utils sg3-utils fio dmsetup tmux nvme-cli btrfs-progs
	# memory checks and fuzzing: valgrind memcheck; clang with libFuzzer
	# and its sanitizer runtimes (only recommended by clang, so named)
	valgrind clang libclang-rt-14-dev
	# Debian packages: tests/dist/debian-packages.sh builds them with
	# dpkg-buildpackage and checks them with lintian
	dpkg-dev debhelper lintian
	# promtool, which checks zonectl metrics' output
	prometheus
	# libzbd's headers, for bench/report-libzbd
	libzbd-dev
	"$@"
)
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
