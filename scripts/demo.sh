#!/bin/bash
# Show zonectl on a zoned disk: boots a guest on the patched kernel with a
# host-managed scsi_debug disk and runs zonectl on it: info, report, a
# cached report after a write, summary, map, finish and reset.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
scripts/install-deps.sh
scripts/build.sh
kdir=$(kernel/build.sh)

share=$(mktemp -d /tmp/blkzone-demo.XXXXXX)
trap 'rm -rf "$share"' EXIT
. tests/guest/launch.sh
guest_launch --helpers --console --timeout 300 "$kdir" "$share" <<JOB
dev=\$(scsi_debug_add zbc=host-managed zone_size_mb=4 zone_nr_conv=4 dev_size_mb=256) || exit 1
run() { echo; echo "# \$*"; "\$@"; }
echo; echo "guest kernel: \$(uname -r), disk \$dev (scsi_debug host-managed)"
run zonectl info "\$dev"
run zonectl report "\$dev"
run dd if=/dev/zero of="\$dev" bs=1M count=3 seek=16 oflag=direct status=none
run zonectl report --cached --count 8 "\$dev"
run zonectl finish --offset 80M --count 2 "\$dev"
run zonectl summary "\$dev"
run zonectl map --plain "\$dev"
run zonectl reset --all --verbose "\$dev"
run zonectl report --json --offset 128M --count 2 "\$dev"
JOB
