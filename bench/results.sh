#!/bin/bash
# Write RESULTS.md and report-scaling.png from the data of bench/run.sh.
#   bench/results.sh DATA OUTDIR RUNS PATCHED_KDIR STOCK_KDIR
set -euo pipefail
data=$1 out=$2 runs=$3 patched=$4 stock=$5
top=$(cd "$(dirname "$0")/.." && pwd)
md=$out/RESULTS.md
png=$out/report-scaling.png

# stats: for lines "KEY VALUE", "KEY MEDIAN MIN MAX" per key, in key order.
stats() {
	sort -k1,1 -k2,2g | awk '
		{ if ($1 != key) { flush(); key = $1; n = 0 } v[++n] = $2 }
		function flush() { if (n) print key, v[int((n + 1) / 2)], v[1], v[n] }
		END { flush() }'
}

# Report times: "DISK:ZONES:TOOL MEDIAN MIN MAX".
awk '$1 == "time" { print $2 ":" $3 ":" $4, $6 }' "$data" | stats > "$data.time"

cell() {	# cell DISK ZONES TOOL: "median (min-max)"
	awk -v k="$1:$2:$3" '$1 == k { printf "%s (%s-%s)", $2, $3, $4 }' "$data.time"
}
median() {	# median DISK ZONES TOOL
	awk -v k="$1:$2:$3" '$1 == k { print $2 }' "$data.time"
}
ratio() {	# ratio A B: A / B to one decimal
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }'
}
mem() {		# mem DISK ZONES TOOL: KiB
	awk -v d="$1" -v z="$2" -v t="$3" '$1 == "mem" && $2 == d && $3 == z && $4 == t { print $5 }' "$data"
}

# reset_commands METHOD: the most SCSI commands a reset by METHOD issued.
reset_commands() {
	awk -v m="$1" '$1 == "reset" && $4 == m && $5 > n { n = $5 } END { print n }' "$data"
}

# met CONDITION VALUE...: "met" or "missed", CONDITION an awk expression
# over the VALUEs measured; "not measured" where one of them is missing.
met() {
	local cond=$1 v
	shift
	for v in "$@"; do
		[ -n "$v" ] || { echo "not measured"; return; }
	done
	awk "BEGIN { print ($cond) ? \"met\" : \"**missed**\" }"
}

target_lines() {
	local c b u s zc zb p st
	c=$(median scsi_debug 16384 zonectl-cached) b=$(median scsi_debug 16384 blkzone)
	echo "- scsi_debug, 16,384 zones: \`zonectl report --cached\` against \`blkzone report\`:"
	echo "  $(ratio "$b" "$c")x, target 20x: $(met "$b >= 20 * $c" "$b" "$c")."
	c=$(median null_blk 65536 zonectl-cached) u=$(median null_blk 65536 zonectl)
	b=$(median null_blk 65536 blkzone) s=$(median null_blk 65536 zbd)
	echo "- null_blk, 65,536 zones: zonectl cached $c ms and device $u ms, against"
	echo "  blkzone $b ms and zbd $s ms, target no slower:"
	echo "  $(met "$c <= $b && $c <= $s && $u <= $b && $u <= $s" "$c" "$u" "$b" "$s")."
	zc=$(mem null_blk 1048576 zonectl) zb=$(mem null_blk 1048576 zbd)
	echo "- Peak memory from 1,024 to 1,048,576 zones: zonectl $(mem null_blk 1024 zonectl)"
	echo "  to $zc KiB, zbd $(mem null_blk 1024 zbd) to $zb KiB; target flat for zonectl"
	echo "  (within 25%): $(met "$zc <= 1.25 * $(mem null_blk 1024 zonectl)" "$zc" "$(mem null_blk 1024 zonectl)")."
	p=$(awk '$1 == "fio" && $2 == "patched" && $3 == "write" { print "x", $4 }' "$data" | stats | awk '{ print $2 }')
	st=$(awk '$1 == "fio" && $2 == "stock" && $3 == "write" { print "x", $4 }' "$data" | stats | awk '{ print $2 }')
	echo "- fio sequential writes, patched against stock: $(awk -v a="$p" -v b="$st" 'BEGIN { printf "%.2f%%", (a / b - 1) * 100 }'),"
	echo "  target at most 2% slower: $(met "$p >= 0.98 * $st" "$p" "$st")."
	c=$(reset_commands zonectl-all)
	echo "- Reset of all zones: \`zonectl reset --all\` issued $c SCSI command(s),"
	echo "  target one: $(met "$c == 1" "$c")."
}

# The targets' times: "MEASURE:TOOL MEDIAN MIN MAX" (ms), and the library
# calls' alone, converted from ns.
awk '$1 == "target" { print $2 ":" $4, $6 }' "$data" | stats > "$data.target"
awk '$1 == "call" { printf "%s:%s %.2f\n", $2, $4, $6 / 1e6 }' "$data" | stats > "$data.call"

tmed() {	# tmed MEASURE TOOL [FILE]: median ms
	awk -v k="$1:$2" '$1 == k { print $2 }' "${3:-$data.target}"
}
tzones() {	# tzones MEASURE: the zones of its disk
	awk -v m="$1" '$1 == "target" && $2 == m { print $3; exit }' "$data"
}
# target_row WHAT MEASURE FAST SLOW TARGET [FILE]: a row of the targets
# table, SLOW's time over FAST's against TARGET.
target_row() {
	local f s
	f=$(tmed "$2" "$3" "${6:-}") s=$(tmed "$2" "$4" "${6:-}")
	echo "| $1 | $f | $s | $(ratio "$s" "$f") | >= ${5}x | $(met "$s >= $5 * $f" "$s" "$f") |"
}

# The peak memory of each zonectl command over every disk measured, the
# median of its runs on each: the lowest and highest median, and highest
# over lowest against 1.10.
memory_rows() {
	awk '$1 == "tmem" { print $4 "@" $2 "@" $3, $5 }' "$data" | stats |
		awk '{ split($1, k, "@"); print "tmem", "x", "x", k[1], $2 }' |
	awk '$1 == "tmem" { k = $4; v = $5; n[k]++
		if (!(k in lo) || v < lo[k]) lo[k] = v
		if (!(k in hi) || v > hi[k]) hi[k] = v }
	     END { for (k in n) printf "%s %d %d %.2f\n", k, lo[k], hi[k], hi[k] / lo[k] }' |
		sort | while read -r t lo hi r; do
			echo "| $t | $lo | $hi | $r | $(met "$r <= 1.10" "$r") |"
		done
}

targets_section() {
	local n
	echo "## Performance targets"
	echo
	echo "Whole processes (ms, medians of $runs), the slower tool over the faster one."
	echo
	echo "| measure | zonectl / libblkzone | other tool | ratio | target | result |"
	echo "|---|---:|---:|---:|---:|---|"
	n=$(tzones lib)
	target_row "libblkzone cached report against libzbd, scsi_debug HM, $n zones, 20 ms per command" \
		lib lib-blkzone-cached lib-zbd 20
	target_row "the same, the library call alone" lib lib-blkzone-cached lib-zbd 20 "$data.call"
	n=$(tzones report)
	target_row "\`zonectl report --cached\` against \`blkzone report\`, scsi_debug HM, $n zones, 20 ms per command" \
		report zonectl-cached blkzone 10
	n=$(awk '$1 == "time" && $2 == "null_blk" { print $3 }' "$data" | sort -n | tail -1)
	awk -v z="$n" '$1 == "time" && $2 == "null_blk" && $3 == z { print "device:" $4, $6 }' "$data" |
		stats > "$data.device"
	target_row "\`zonectl report\` against \`blkzone report\`, null_blk, $n zones" \
		device zonectl blkzone 3 "$data.device"
	n=$(tzones json)
	target_row "\`zonectl report --json\` against \`nvme zns report-zones -o json\`, NVMe ZNS, $n zones" \
		json zonectl-json nvme-json 3
	n=$(tzones summary)
	target_row "\`zonectl summary --cached\` against \`blkzone report \\| awk\`, scsi_debug HM, $n zones, 20 ms per command" \
		summary zonectl-summary-cached blkzone-awk 20
	echo
	echo "The library programs are bench/report-libblkzone.c and bench/report-libzbd.c:"
	echo "open, one full report into an array, free, close.  Where a target is"
	echo "missed, bench/PROFILE.md says where the time goes and what the floor is."
	echo
	echo "Peak memory (maximum RSS, KiB, the median of the runs on each disk) of"
	echo "zonectl's commands on null_blk"
	echo "($(awk '$1 == "tmem" && $2 == "null_blk" { print $3 }' "$data" | sort -nu | paste -sd, -) zones),"
	echo "NVMe ZNS ($(awk '$1 == "tmem" && $2 == "nvme" { print $3; exit }' "$data") zones) and zone images"
	echo "($(awk '$1 == "tmem" && $2 == "image" { print $3 }' "$data" | sort -nu | paste -sd, -) zones); target: flat within 10%."
	echo
	echo "| command | lowest | highest | highest / lowest | result |"
	echo "|---|---:|---:|---:|---|"
	memory_rows | sed 's/^| zonectl |/| zonectl report |/;
		s/^| zonectl-\([a-z]*\)-cached /| zonectl \1 --cached /;
		s/^| zonectl-cached /| zonectl report --cached /; s/^| zonectl-json /| zonectl report --json /'
	echo
}

# btrfs mounts: "KERNEL MEDIAN MIN MAX" in ms, and the median commands
# and reads of a mount.
btrfs_section() {
	local k z p st
	z=$(awk '$1 == "btrfs" { print $3; exit }' "$data")
	[ -n "$z" ] || return 0
	echo "## btrfs mount"
	echo
	echo "\`bench/btrfs-mount.sh\`: scsi_debug host-managed, $z zones of 4 MiB, 20 ms"
	echo "per command, a new btrfs (\`mkfs.btrfs -O zoned\`) with three files whose"
	echo "contents are checked after every mount; commands counted by scsi_debug,"
	echo "reads by the disk's stat. Medians of $runs mounts (min-max)."
	echo
	echo "| kernel | mount (ms) | commands | reads |"
	echo "|---|---:|---:|---:|"
	for k in patched stock; do
		awk -v k=$k '$1 == "btrfs" && $2 == k { print "x", $4 }' "$data" | stats |
			while read -r _ m lo hi; do
				echo "| $k | $m ($lo-$hi) | $(awk -v k=$k '$1 == "btrfs" && $2 == k { print "x", $5 }' "$data" | stats | cut -d' ' -f2) | $(awk -v k=$k '$1 == "btrfs" && $2 == k { print "x", $6 }' "$data" | stats | cut -d' ' -f2) |"
			done
	done
	p=$(awk '$1 == "btrfs" && $2 == "patched" { print "x", $4 }' "$data" | stats | cut -d' ' -f2)
	st=$(awk '$1 == "btrfs" && $2 == "stock" { print "x", $4 }' "$data" | stats | cut -d' ' -f2)
	echo
	echo "Stock over patched: $(ratio "$st" "$p")x; target 5x: $(met "$st >= 5 * $p" "$st" "$p")."
	echo
}

disks=$(awk '$1 == "time" { print $2, $3 }' "$data" | sort -u -k1,1 -k2,2n)

{
	echo "# Benchmark results"
	echo
	echo "Produced by \`bench/run.sh --runs $runs\` on $(date -u +%Y-%m-%d), in one run."
	echo "Guests: QEMU $(qemu-system-x86_64 --version | head -1 | awk '{ print $4 }') with"
	echo "\`-icount shift=0,sleep=off\` (guest time counts instructions, one per"
	echo "nanosecond; TCG, no KVM), 2 vCPUs, 2 GiB. Host CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')."
	echo "Kernels: Debian linux-source-6.1 $(dpkg-query -W -f='${Version}' linux-source-6.1),"
	echo "patched ($(basename "$patched")) and stock ($(basename "$stock")), same config."
	echo "Tools: $("$top/cli/zonectl" --version), blkzone from util-linux"
	echo "$(dpkg-query -W -f='${Version}' util-linux), zbd from zbd-utils"
	echo "$(dpkg-query -W -f='${Version}' zbd-utils), fio $(dpkg-query -W -f='${Version}' fio)."
	echo "Times are medians of $runs runs (min-max), interleaved, of the whole"
	echo "process, in milliseconds, output to /dev/null."
	echo
	echo "## Full zone report"
	echo
	echo "| disk | zones | zonectl --cached | zonectl | blkzone | zbd | blkzone / zonectl --cached | blkzone / zonectl | zbd / zonectl |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
	while read -r d z; do
		c=$(median "$d" "$z" zonectl-cached) u=$(median "$d" "$z" zonectl)
		b=$(median "$d" "$z" blkzone) s=$(median "$d" "$z" zbd)
		echo "| $d | $z | $(cell "$d" "$z" zonectl-cached) | $(cell "$d" "$z" zonectl) | $(cell "$d" "$z" blkzone) | $(cell "$d" "$z" zbd) | $(ratio "$b" "$c") | $(ratio "$b" "$u") | $(ratio "$s" "$u") |"
	done <<< "$disks"
	echo
	echo "scsi_debug: host-managed, 1 MiB zones, 20 ms per command (\`ndelay=20000000\`)."
	echo "null_blk: 1 MiB zones, memory not backed. Commands: \`zonectl report --cached DEV\`,"
	echo "\`zonectl report DEV\`, \`blkzone report DEV\`, \`zbd report DEV\`."
	echo
	echo "## Peak memory (maximum RSS, KiB, GNU time %M)"
	echo
	echo "| disk | zones | zonectl --cached | zonectl | blkzone | zbd |"
	echo "|---|---:|---:|---:|---:|---:|"
	while read -r d z; do
		echo "| $d | $z | $(mem "$d" "$z" zonectl-cached) | $(mem "$d" "$z" zonectl) | $(mem "$d" "$z" blkzone) | $(mem "$d" "$z" zbd) |"
	done <<< "$disks"
	echo
	echo "## Reset of all zones"
	echo
	echo "scsi_debug host-managed, 256 zones of 1 MiB, all full before each reset;"
	echo "commands counted by the disk's \`iorequest_cnt\`.  The times are the"
	echo "guest's, not the tools': the same reset on the same disk takes from 11 ms"
	echo "to over 1 s from run to run, for either tool (bench/PROFILE.md), so the"
	echo "commands are what compares the methods."
	echo
	echo "| method | SCSI commands (most of a run) | time (ms) |"
	echo "|---|---:|---:|"
	awk '$1 == "reset" { print $4, $6 }' "$data" | stats > "$data.reset"
	for m in zonectl-all blkzone single-zone-loop; do
		awk -v m="$m" -v c="$(reset_commands "$m")" \
			'$1 == m { printf "| %s | %s | %s (%s-%s) |\n", m, c, $2, $3, $4 }' "$data.reset"
	done | sed 's/zonectl-all/`zonectl reset --all`/; s/| blkzone |/| `blkzone reset` |/;
		     s/single-zone-loop/`blkzone reset -o Z -c 1`, once per zone/'
	echo
	echo "## Write path cost of the zone cache"
	echo
	echo "fio on zoned null_blk (64 MiB zones, 16 GiB, \`irqmode=0 queue_mode=2\`),"
	echo "4 KiB psync writes, \`--zonemode=zbd --max_open_zones=8\`, 3 s (guest time)"
	echo "per run, patched and stock guests interleaved."
	echo
	echo "| workload | patched IOPS | stock IOPS | patched / stock |"
	echo "|---|---:|---:|---:|"
	for rw in write randwrite; do
		p=$(awk -v rw=$rw '$1 == "fio" && $2 == "patched" && $3 == rw { print "x", $4 }' "$data" | stats)
		s=$(awk -v rw=$rw '$1 == "fio" && $2 == "stock" && $3 == rw { print "x", $4 }' "$data" | stats)
		read -r _ pm pmin pmax <<< "$p"
		read -r _ sm smin smax <<< "$s"
		echo "| $rw | $pm ($pmin-$pmax) | $sm ($smin-$smax) | $(awk -v a="$pm" -v b="$sm" 'BEGIN { printf "%.4f", a / b }') |"
	done
	echo
	targets_section
	btrfs_section
	echo "## Targets (DESIGN.md)"
	echo
	target_lines
	echo
	echo "## Plot"
	echo
	echo "![report time per zone, ratios and peak memory against zones](report-scaling.png)"
	echo
	echo "null_blk, full reports against the number of zones: median time per zone"
	echo "of each tool, the other tools' times over zonectl's, and peak memory."
} > "$md"

# The plots, null_blk full reports against zones: time per zone of each
# tool, each other tool's time over zonectl's (device and cached), and
# peak memory.
for t in zonectl-cached zonectl blkzone zbd; do
	awk -v t="$t" '$1 == "time" && $2 == "null_blk" && $4 == t { print $3, $6 }' "$data" |
		sort -k1,1n -k2,2g | awk '{ if ($1 != z) { flush(); z = $1; n = 0 } v[++n] = $2 }
			function flush() { if (n) print z, v[int((n + 1) / 2)], v[int((n + 1) / 2)] * 1000 / z }
			END { flush() }' \
		> "$data.plot-time-$t"
	awk -v t="$t" '$1 == "mem" && $2 == "null_blk" && $4 == t { print $3, $5 / 1024 }' "$data" |
		sort -n > "$data.plot-mem-$t"
done
for t in blkzone zbd; do
	for base in zonectl zonectl-cached; do
		join "$data.plot-time-$t" "$data.plot-time-$base" |
			awk '{ print $1, $2 / $4 }' > "$data.plot-ratio-$t-$base"
	done
done
gnuplot <<PLOT
set terminal pngcairo size 1800,500 noenhanced
set output "$png"
set multiplot layout 1,3
set logscale x
set key top left
set grid
set xlabel "zones (null_blk)"
set ylabel "full report time per zone (us, instruction clock)"
plot for [t in "zonectl-cached zonectl blkzone zbd"] "$data.plot-time-".t using 1:3 with linespoints title t
set ylabel "time of the other tool over zonectl's"
set yrange [0:*]
plot for [t in "blkzone zbd"] for [b in "zonectl zonectl-cached"] "$data.plot-ratio-".t."-".b using 1:2 with linespoints title t." / ".b
set logscale y
set autoscale y
set ylabel "peak memory (MiB)"
plot for [t in "zonectl-cached zonectl blkzone zbd"] "$data.plot-mem-".t using 1:2 with linespoints title t
unset multiplot
PLOT
rm -f "$data".*
echo "bench: wrote $md and $png" >&2
