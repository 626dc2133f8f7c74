# debug-kernel: no
# After a random workload (fio zonemode=zbd writes, then zone resets,
# opens, closes, finishes and writes through blkzone and dd), the library's
# report (zonectl, and the zone-script program's array report) equals
# blkzone report, zbd report and, on SCSI disks, sg_rep_zones, on NVMe
# disks nvme zns report-zones (both ask the device itself, bypassing the
# kernel's report), zone by zone; the cached report equals the device
# report, folded.  The seed is printed; BLKZONE_SEED=N repeats a run.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)
q=/sys/block/$(basename "$DEV")/queue

seed=${BLKZONE_SEED:-$(( $(date +%s%N) % 1000000007 ))}
tap_diag "seed $seed"
RANDOM=$seed

lbs=$(cat "$q/logical_block_size")
zsz=$(cat "$q/chunk_sectors")
zonectl_zones "$DEV" > "$tmp/zones"
nr=$(wc -l < "$tmp/zones")
first_seq=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/zones")

# zbd_zones DEV: zbd report -csv (bytes) in report.sh's format.
zbd_zones() {
	zbd report -csv "$1" | tail -n +2 | tr -d ' ' |
	while IFS=, read -r _ t s l c w k _; do
		# zbd pads with zeros, which the shell would read as octal.
		s=$((10#$s)) l=$((10#$l)) c=$((10#$c)) w=$((10#$w)) t=$((10#$t))
		[ "$t" = 1 ] && w=$s
		echo "$((s / 512)) $((l / 512)) $((c / 512)) $(((w - s) / 512)) $t $((k))"
	done
}

# sg_zones DEV: sg_rep_zones in report.sh's format less CAP, which SCSI
# does not have.  ZBC leaves the write pointer of full and conventional
# zones undefined; the kernel reports a full zone's at its end and blkzone
# a conventional zone's at 0, which is what this prints too.
sg_zones() {
	local m=$((lbs / 512)) wpoff
	sg_rep_zones -m 262144 "$1" | awk '
		/Zone type:/ {
			t = tolower($0); type = -1
			if (t ~ /conventional/) type = 1
			if (t ~ /required/) type = 2
			if (t ~ /preferred/) type = 3
		}
		/Zone condition:/ {
			c = tolower($0); sub(/.*condition: */, "", c); cond = -1
			if (c ~ /not write pointer/) cond = 0
			else if (c ~ /empty/) cond = 1
			else if (c ~ /implicit/) cond = 2
			else if (c ~ /explicit/) cond = 3
			else if (c ~ /closed/) cond = 4
			else if (c ~ /read only/) cond = 13
			else if (c ~ /full/) cond = 14
			else if (c ~ /offline/) cond = 15
		}
		/Zone Length:/ { len = $3 }
		/Zone start LBA:/ { start = $4 }
		/Write pointer LBA:/ { print start, len, $4, type, cond }' |
	while read -r s l w t k; do
		if [ "$t" = 1 ]; then wpoff=0
		elif [ "$k" = 14 ]; then wpoff=$((l * m))
		else wpoff=$(((w - s) * m)); fi
		echo "$((s * m)) $((l * m)) $wpoff $t $k"
	done
}

# nvme_zones DEV: nvme zns report-zones in report.sh's format.  NVMe has
# no per-zone length: every zone has the namespace's zone size (zsze of
# its LBA format, from nvme zns id-ns).  ZNS leaves the write pointer of a
# full zone undefined (QEMU's is all ones); the kernel reports it at the
# zone end, and so does this.
nvme_zones() {
	local flbas
	flbas=$(nvme id-ns "$1" -o json | jq '.flbas % 16')
	nvme zns report-zones "$1" -o json | jq -r \
		--argjson m $((lbs / 512)) \
		--argjson zsze "$(nvme zns id-ns "$1" -o json | jq ".lbafe[$flbas].zsze")" '
		{ "EMPTY": 1, "IMP_OPENED": 2, "EXP_OPENED": 3, "CLOSED": 4,
		  "READONLY": 13, "FULL": 14, "OFFLINE": 15 } as $cond |
		{ "SEQWRITE_REQ": 2 } as $type |
		.zone_list[] |
		($cond[.state] // "unknown \(.state)") as $k |
		(if $k == 14 then $zsze else .wp - .slba end) as $wpoff |
		"\(.slba * $m) \($zsze * $m) \(.cap * $m) \($wpoff * $m) \($type[.type] // "unknown \(.type)") \($k)"'
}

compare_all() {
	local when=$1
	zonectl_zones "$DEV" > "$tmp/lib"
	blkzone_zones "$DEV" > "$tmp/blkzone"
	tap_same_file "$when: the library's report equals blkzone report" "$tmp/lib" "$tmp/blkzone"
	zone-script "$DEV" > "$tmp/array"
	tap_same_file "$when: the library's array report equals its iterator's" "$tmp/array" "$tmp/lib"
	if command -v zbd > /dev/null; then
		zbd_zones "$DEV" > "$tmp/zbd"
		tap_same_file "$when: the library's report equals zbd report" "$tmp/lib" "$tmp/zbd"
	else
		echo "ok $((tap_count += 1)) # SKIP zbd is not installed"
	fi
	if [ "${DEV#/dev/sd}" != "$DEV" ] && command -v sg_rep_zones > /dev/null; then
		sg_zones "$DEV" > "$tmp/sg"
		cut -d' ' -f1,2,4,5,6 "$tmp/lib" > "$tmp/lib-nocap"
		tap_same_file "$when: the library's report equals sg_rep_zones" "$tmp/lib-nocap" "$tmp/sg"
	fi
	if [ "${DEV#/dev/nvme}" != "$DEV" ]; then
		if command -v nvme > /dev/null; then
			nvme_zones "$DEV" > "$tmp/nvme"
			tap_same_file "$when: the library's report equals nvme zns report-zones" \
				"$tmp/lib" "$tmp/nvme"
		else
			echo "ok $((tap_count += 1)) # SKIP nvme-cli is not installed"
		fi
	fi
	zonectl_zones "$DEV" | fold_active > "$tmp/device"
	zonectl_cached_zones "$DEV" > "$tmp/cached"
	tap_same_file "$when: the cached report equals the device report, folded" \
		"$tmp/cached" "$tmp/device"
}

compare_all "fresh disk"

# fio writes over the sequential zones but the last (which may be smaller).
nfio=$((nr - 1 - first_seq))
[ "$nfio" -gt 16 ] && nfio=16
if command -v fio > /dev/null; then
	bs=$((lbs * (1 + RANDOM % 8)))
	io=$(((1 + RANDOM % 6) * 1024 * 1024))
	tap_run "fio zonemode=zbd: $io bytes of random writes of $bs bytes over $nfio zones" \
		fio --name=differential --filename="$DEV" --direct=1 --ioengine=psync \
		--zonemode=zbd --rw=randwrite --bs="$bs" --max_open_zones=4 \
		--offset=$((first_seq * zsz * 512)) --size=$((nfio * zsz * 512)) \
		--io_size="$io" --randseed="$seed" --output="$tmp/fio.log"
else
	echo "ok $((tap_count += 1)) # SKIP fio is not installed"
fi
compare_all "after fio"

# Zone operations and writes, refused ones included (open limits, full
# zones): every tool must still see the same zones.
ops=(reset open close finish write write)
for i in $(seq 30); do
	z=$((first_seq + RANDOM % (nr - first_seq)))
	start=$(sed -n "$((z + 1))p" "$tmp/lib" | cut -d' ' -f1)
	op=${ops[RANDOM % ${#ops[@]}]}
	if [ "$op" = write ]; then
		wp=$(blkzone_zones "$DEV" -o "$start" -c 1 | cut -d' ' -f4)
		n=$((1 + RANDOM % 16))
		echo "$i: write $n blocks at zone $z" >> "$tmp/ops"
		dd if=/dev/urandom of="$DEV" bs="$lbs" count="$n" oflag=direct \
			seek=$(((start + wp) * 512 / lbs)) status=none 2>> "$tmp/ops"
	else
		echo "$i: $op zone $z" >> "$tmp/ops"
		blkzone "$op" -o "$start" -c 1 "$DEV" >> "$tmp/ops" 2>&1
	fi
done
compare_all "after 30 random zone operations and writes" ||
	tap_diag "$(cat "$tmp/ops")"

blkzone reset "$DEV"
rm -rf "$tmp"
tap_done
