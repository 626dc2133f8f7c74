#!/bin/bash
# Configure and build the userspace tree in place (idempotent).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
[ -x configure ] || autoreconf -fi >/dev/null
[ -f Makefile ] || ./configure --quiet
make -s -j"$(nproc)" >/dev/null
make -s -j"$(nproc)" check TESTS= >/dev/null
