#!/bin/bash
# Build the guest initramfs: busybox-static and tests/guest/init.
#   tests/guest/mkinitramfs.sh OUTPUT.cpio.gz
set -euo pipefail
out=${1:?usage: mkinitramfs.sh OUTPUT.cpio.gz}
here=$(cd "$(dirname "$0")" && pwd)
busybox=/bin/busybox
! ldd "$busybox" >/dev/null 2>&1 ||
	{ echo "mkinitramfs: $busybox is not static (install busybox-static)" >&2; exit 1; }

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,dev,proc,sys,host}
cp "$busybox" "$root/bin/busybox"
install -m 0755 "$here/init" "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out.tmp"
mv "$out.tmp" "$out"
