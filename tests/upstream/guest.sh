# Sourced in the guest by tests/upstream/run.sh: what blktests and fio's
# t/zbd expect of a distribution kernel, made from the guest kernel's build,
# and one function per suite.  Each suite runs from a copy in the guest's
# tmpfs (the host's root is read-only and both write logs next to their
# scripts) and ends with one "RESULT passed N failed N skipped N" line.

# upstream_prepare: modprobe-able modules and the kernel's config where the
# suites look for them (/lib/modules, /boot), on tmpfs over the host's.
upstream_prepare() {
	local rel mods
	rel=$(uname -r)
	mount -t tmpfs tmpfs /lib/modules
	mods=/lib/modules/$rel/kernel/drivers
	mkdir -p "$mods/block/null_blk" "$mods/scsi"
	cp "$BLKZONE_KDIR/modules/null_blk.ko" "$mods/block/null_blk/"
	cp "$BLKZONE_KDIR/modules/scsi_debug.ko" "$mods/scsi/"
	# Built-in drivers (btrfs, dm) count as available for modprobe -n.
	cp "$BLKZONE_KDIR/build/modules.builtin" "/lib/modules/$rel/"
	depmod -a "$rel"
	mount -t tmpfs tmpfs /boot
	cp "$BLKZONE_KDIR/build/.config" "/boot/config-$rel"
	# The guest runs no udevd (and has no AF_UNIX to reach one): there is
	# nothing for "udevadm settle" to wait for, so it succeeds silently.
	mkdir -p /run/tmp/bin
	printf '#!/bin/sh\n[ "$1" = settle ] && exit 0\nexec /usr/bin/udevadm "$@"\n' \
		> /run/tmp/bin/udevadm
	chmod +x /run/tmp/bin/udevadm
	export PATH=/run/tmp/bin:$PATH
	echo "kernel $rel, $(nproc) CPUs"
}

# suite_dev DEV: the disk a suite runs on, "" for blktests' own null_blk.
suite_dev() {
	case $1 in
	null_blk) ;;
	nvme-zns) nvme_zns_setup blkzone-zns4k mq-deadline ;;
	*) echo "upstream: unknown disk '$1'" >&2; return 1 ;;
	esac
}

# run_blktests DEV BLKTESTS FIO: the zbd group.  On null_blk the tests make
# their own device (blktests' fallback), with TEST_DEVS empty.
run_blktests() {
	local dev
	dev=$(suite_dev "$1") || return 1
	cp -a "$2" /run/tmp/blktests
	cd /run/tmp/blktests
	echo "TEST_DEVS=(${dev})" > config
	./check zbd 2>&1 | tee /run/tmp/blktests.log
	awk '/\[passed\]/ { p++ } /\[failed\]/ { f++ } /\[not run\]/ { s++ }
	     END { printf "RESULT passed %d failed %d skipped %d\n", p, f, s }' \
		/run/tmp/blktests.log
}

# run_fio DEV BLKTESTS FIO: t/zbd/test-zbd-support, on a zoned null_blk of
# 1 GiB in 4 MiB zones (t/zbd/run-tests-against-nullb's first layout) or
# the NVMe namespace.
run_fio() {
	local dev
	if [ "$1" = null_blk ]; then
		dev=$(null_blk_add nr_devices=1 zoned=1 zone_size=4 gb=1 memory_backed=1) ||
			return 1
	else
		dev=$(suite_dev "$1") || return 1
	fi
	mkdir -p /run/tmp/fio/t
	cp -a "$3/t/zbd" /run/tmp/fio/t/
	ln -s "$(readlink -f "$3/fio")" /run/tmp/fio/fio
	cd /run/tmp/fio/t/zbd
	./test-zbd-support -r "$dev" 2>&1 | tee /run/tmp/fio.log
	# The end of each failed test's own log.
	sed -n 's/^Running test \([0-9]*\) .*FAIL.*/\1/p' /run/tmp/fio.log |
		while read -r t; do
			echo "== test $t: the end of test-zbd-support.log.$t"
			tail -25 "test-zbd-support.log.$t"
		done
	# Its own tallies: "N tests passed", " N tests skipped", " N tests failed".
	awk '/^ *[0-9]+ tests passed$/ { p = $1 } /^ *[0-9]+ tests skipped$/ { s = $1 }
	     /^ *[0-9]+ tests failed$/ { f = $1 }
	     END { printf "RESULT passed %d failed %d skipped %d\n", p, f, s }' \
		/run/tmp/fio.log
}
