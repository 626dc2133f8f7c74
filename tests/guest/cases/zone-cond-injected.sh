# core: yes
# Zones that change without a request the block layer can follow: null_blk
# zones made read-only or offline through configfs, and writes failed by
# injected bad blocks.  The cached report still equals the device report.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
if [ -z "${NULLB_CONFIGFS:-}" ]; then
	echo "1..0 # SKIP no null_blk configfs device"
	exit 0
fi
tmp=$(mktemp -d)
zonectl_zones "$DEV" > "$tmp/zones"
first_seq=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/zones")
zsz=$(head -1 "$tmp/zones" | cut -d' ' -f2)

write_at() {
	dd if=/dev/zero of="$DEV" bs=4k count="$2" oflag=direct status=none \
		seek=$(($1 * zsz / 8))
}
cond_of_zone() {
	zonectl_zones "$DEV" -O $(($1 * zsz)) -c 1 | cut -d' ' -f6
}

ro=$first_seq off=$((first_seq + 1)) bad=$((first_seq + 2))
write_at "$ro" 4
check_cached "a write"
echo $((ro * zsz)) > "$NULLB_CONFIGFS/zone_readonly"
tap_is "zone $ro is read-only" "$(cond_of_zone "$ro")" 13
check_cached "zone_readonly"
echo $((off * zsz)) > "$NULLB_CONFIGFS/zone_offline"
tap_is "zone $off is offline" "$(cond_of_zone "$off")" 15
check_cached "zone_offline"
echo $((ro * zsz)) > "$NULLB_CONFIGFS/zone_readonly"
tap_is "zone $ro is empty again" "$(cond_of_zone "$ro")" 1
check_cached "zone_readonly cleared"

echo "+$((bad * zsz + 8))-$((bad * zsz + 15))" > "$NULLB_CONFIGFS/badblocks"
badblocks="$((bad * zsz + 8))-$((bad * zsz + 15))"
echo "+$badblocks" > "$NULLB_CONFIGFS/badblocks"
tap_run "a write over a bad block fails" sh -c \
	"! dd if=/dev/zero of=$DEV bs=4k count=4 oflag=direct seek=$((bad * zsz / 8)) 2>/dev/null"
check_cached "a failed write"

# Leave the disk as the next case expects it.
echo "-$badblocks" > "$NULLB_CONFIGFS/badblocks"
echo $((off * zsz)) > "$NULLB_CONFIGFS/zone_offline"
check_cached "zone_offline cleared"
rm -rf "$tmp"
tap_done
