# Sourced in a benchmark guest: bench_root PROGRAM... copies the programs
# and the libraries they load into a tmpfs at $BENCH_ROOT, with /dev, /proc
# and /sys, so that timed runs read nothing over 9p (whose round trips,
# under QEMU's -icount, would count as idle guest time).  bench_run CMD...
# then runs CMD in that root.

BENCH_ROOT=/run/benchroot

# copy_with_libs FILE: FILE and what ldd says it loads, at the same paths.
copy_with_libs() {
	local f
	cp --parents -L "$1" "$BENCH_ROOT"
	for f in $(ldd "$1" 2>/dev/null | grep -o '/[^ ]*'); do
		[ -e "$BENCH_ROOT$f" ] || cp --parents -L "$f" "$BENCH_ROOT"
	done
}

bench_root() {
	local p
	mkdir -p "$BENCH_ROOT"
	mount -t tmpfs -o size=1g tmpfs "$BENCH_ROOT"
	mkdir -p "$BENCH_ROOT"/{dev,proc,sys,tmp,bin}
	mount --rbind /dev "$BENCH_ROOT/dev"
	mount -t proc proc "$BENCH_ROOT/proc"
	mount --rbind /sys "$BENCH_ROOT/sys"
	for p in "$@"; do
		copy_with_libs "$(command -v "$p")"
		ln -sf "$(command -v "$p")" "$BENCH_ROOT/bin/$(basename "$p")"
	done
}

# bench_peak_kb CMD...: CMD's peak memory (maximum RSS) in KiB, its output
# to /dev/null.  Linux counts a task's pages in deltas that it folds into
# the process's count every 64 faults, and takes the peak when memory is
# unmapped and at exit, so a peak between two folds can be missed by up to
# 64 pages; where the folds fall depends on the address space's layout.
# Without randomisation (setarch -R, which the root must hold) the layout,
# and so the measure, is the same from run to run.
bench_peak_kb() {
	bench_run setarch -R /usr/bin/time -f %M "$@" 2>&1 > /dev/null | tail -1
}

# bench_run CMD...: CMD in the root, with only the root's programs.
bench_run() {
	chroot "$BENCH_ROOT" /usr/bin/env -i PATH=/bin LC_ALL=C \
		LD_LIBRARY_PATH="$LD_LIBRARY_PATH" "$@"
}
