#!/bin/bash
# Build tests/guest/progs/report-uapi.c against the patched
# <linux/blkzoned.h> of each kernel series, the way a program is built
# against the headers of the kernel it ships with:
#
#   tests/guest/uapi-progs.sh OUTDIR VERSION...
#
# makes OUTDIR/report-uapi-VERSION for each VERSION (kernel/VERSION/), from
# the patched tree of kernel/build.sh --version VERSION (built if it is not
# cached).  The header goes through the tree's scripts/headers_install.sh
# and scripts/unifdef, as make headers_install does, and comes before the
# system's headers.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: uapi-progs.sh OUTDIR VERSION..." >&2; exit 2; }
out=$1
shift
mkdir -p "$out"
for v in "$@"; do
	kdir=$("$top/kernel/build.sh" --quiet --version "$v")
	inc=$out/uapi-$v
	mkdir -p "$inc/linux" "$inc/scripts"
	${CC:-cc} -O2 -o "$inc/scripts/unifdef" "$kdir/src/scripts/unifdef.c"
	(cd "$inc" && sh "$kdir/src/scripts/headers_install.sh" \
		"$kdir/src/include/uapi/linux/blkzoned.h" linux/blkzoned.h)
	${CC:-cc} -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -I"$inc" \
		-o "$out/report-uapi-$v" "$top/tests/guest/progs/report-uapi.c"
done
