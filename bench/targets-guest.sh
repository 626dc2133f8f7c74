# Sourced in a benchmark guest by bench/run.sh: the measures of the
# performance targets (bench/RESULTS.md, "Targets"), each tool timed the
# same way, runs interleaved:
#   target MEASURE ZONES TOOL RUN MS     the whole process, output to /dev/null
#   call MEASURE ZONES TOOL RUN NS       the library call alone (bench/report-lib*)
#   tmem MEASURE ZONES TOOL KB           peak memory (maximum RSS), a line a run
# Needs bench/guest-root.sh and tests/guest/devices.sh.

# targets_root: the bench root with every tool measured, and two helpers
# in its /bin: timed (a command's wall time) and blkzone-awk (the zones of
# blkzone report counted by condition, as a script would do it).
targets_root() {
	bench_root zonectl blkzone zbd nvme bash env awk setarch /usr/bin/time \
		"$BLKZONE_BUILD/bench/.libs/report-libblkzone" \
		"$BLKZONE_BUILD/bench/report-libzbd"
	cat > "$BENCH_ROOT/bin/timed" <<'EOS'
#!/bin/bash
# timed OUT CMD...: CMD with its output to OUT; prints CMD's wall time in
# ms, to 0.1 ms.  Fails if CMD does.
out=$1
shift
s=$EPOCHREALTIME
"$@" > "$out" || exit 1
e=$EPOCHREALTIME
us=$(( ${e/./} - ${s/./} ))
echo "$((us / 1000)).$((us % 1000 / 100))"
EOS
	cat > "$BENCH_ROOT/bin/blkzone-awk" <<'EOS'
#!/bin/bash
blkzone report "$1" | awk '{ for (i = 1; i < NF; i++) if ($i == "zcond:") n[$(i + 1)]++ }
	END { for (c in n) print c, n[c] }'
EOS
	chmod +x "$BENCH_ROOT/bin/timed" "$BENCH_ROOT/bin/blkzone-awk"
}

# target_cmd TOOL DEV: the command line of TOOL on DEV.
target_cmd() {
	case $1 in
	lib-blkzone-cached) echo report-libblkzone --cached "$2" ;;
	lib-blkzone) echo report-libblkzone "$2" ;;
	lib-zbd) echo report-libzbd "$2" ;;
	zonectl-cached) echo zonectl report --cached "$2" ;;
	zonectl) echo zonectl report "$2" ;;
	blkzone) echo blkzone report "$2" ;;
	zonectl-json) echo zonectl report --json "$2" ;;
	nvme-json) echo nvme zns report-zones "$2" -o json ;;
	zonectl-summary-cached) echo zonectl summary --cached "$2" ;;
	blkzone-awk) echo blkzone-awk "$2" ;;
	zonectl-capacity-cached) echo zonectl capacity --cached "$2" ;;
	zonectl-map-cached) echo zonectl map --cached "$2" ;;
	esac
}

# target_zones DEV: its number of zones (a disk, or a zone image in the
# bench root).
target_zones() {
	bench_run zonectl info "$1" | awk -F: '$1 == "Number of zones" { print $2 + 0 }'
}

# target_measure MEASURE DEV RUNS TOOL...: each TOOL RUNS times, interleaved.
target_measure() {
	local m=$1 dev=$2 runs=$3 zones r t ms
	shift 3
	zones=$(target_zones "$dev")
	zonectl report --cached "$dev" > /dev/null 2>&1	# the cache warm once
	for r in $(seq "$runs"); do
		for t in "$@"; do
			case $t in
			lib-*)
				ms=$(bench_run timed /tmp/lib.out $(target_cmd "$t" "$dev"))
				echo "call $m $zones $t $r $(cut -d' ' -f2 "$BENCH_ROOT/tmp/lib.out")"
				;;
			*)
				ms=$(bench_run timed /dev/null $(target_cmd "$t" "$dev"))
				;;
			esac
			echo "target $m $zones $t $r $ms"
		done
	done
}

# target_memory MEASURE DEV RUNS TOOL...: the peak memory of each TOOL,
# RUNS times, without address space randomisation (bench_peak_kb).
target_memory() {
	local m=$1 dev=$2 runs=$3 zones r t
	shift 3
	zones=$(target_zones "$dev")
	for r in $(seq "$runs"); do
		for t in "$@"; do
			echo "tmem $m $zones $t $(bench_peak_kb $(target_cmd "$t" "$dev"))"
		done
	done
}
