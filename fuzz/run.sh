#!/bin/bash
# Builds the libFuzzer targets with clang (ASan and UBSan) and runs each on
# its seed corpus for a bounded time, printing one TAP line per target.
#
#   fuzz/run.sh [OUTDIR]
#
# FUZZ_TIME: seconds per target (default 60); FUZZ_JOBS: targets run at
# once (default the number of CPUs).  The tree must be configured
# (config.h).  New corpus entries and crash inputs go under OUTDIR (default
# test-logs/fuzz), never into fuzz/corpus: a crash input is committed by
# hand, with its fix, so that make check replays it.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/test-logs/fuzz}
time=${FUZZ_TIME:-60}
jobs=${FUZZ_JOBS:-$(nproc)}
targets=(image parse report)
cc=${FUZZ_CC:-clang}

mkdir -p "$out"
[ -f "$top/config.h" ] || { echo "Bail out! $top is not configured"; exit 1; }

# Everything is built with the sanitizers, the library included; every
# report is fatal.
cflags=(-std=gnu11 -g -O1 -fno-omit-frame-pointer
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
	-I"$top" -I"$top/lib" -I"$top/cli" -I"$top/fuzz")
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# fuzz_one N TARGET: builds and runs one target, its TAP line (and the
# report of a failure) in OUTDIR/TARGET.tap.
fuzz_one() {
	local n=$1 t=$2 bin=$out/fuzz-$2 src start rc execs cov
	src=("$top/fuzz/fuzz-$t.c" "$top"/lib/*.c)
	[ "$t" = parse ] && src+=("$top/cli/parse.c")
	if ! "$cc" "${cflags[@]}" "${src[@]}" -o "$bin" -lpthread \
		> "$out/build-$t.log" 2>&1; then
		sed 's/^/# /' "$out/build-$t.log"
		echo "not ok $n - fuzz $t: build failed"
		return
	fi
	mkdir -p "$out/corpus-$t" "$out/artifacts"
	start=$SECONDS
	"$bin" -max_total_time="$time" -timeout=10 -rss_limit_mb=2048 \
		-max_len=4096 -print_final_stats=1 \
		-artifact_prefix="$out/artifacts/$t-" \
		"$out/corpus-$t" "$top/fuzz/corpus/$t" > "$out/$t.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log")
	cov=$(grep -Eo 'cov: [0-9]+' "$out/$t.log" | tail -1)
	if [ "$rc" -eq 0 ]; then
		echo "ok $n - fuzz $t: ${execs:-?} runs in $((SECONDS - start)) s, ${cov:-cov: ?}"
	else
		grep -E -A30 'ERROR:|runtime error|property broken|deadly signal|Test unit written' \
			"$out/$t.log" | head -60 | sed 's/^/# /'
		echo "not ok $n - fuzz $t: exit $rc after ${execs:-?} runs (inputs in $out/artifacts)"
	fi
}

# Each target is one process on one CPU: FUZZ_JOBS (default the number of
# CPUs) run at once, each for its whole FUZZ_TIME.
echo "1..${#targets[@]}"
n=0
for t in "${targets[@]}"; do
	n=$((n + 1))
	[ "$(jobs -pr | wc -l)" -lt "$jobs" ] || wait -n
	fuzz_one "$n" "$t" > "$out/$t.tap" &
done
wait
for t in "${targets[@]}"; do
	cat "$out/$t.tap"
done
