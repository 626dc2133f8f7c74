# core: yes
# The cached zone report is never wrong: after each step of a randomized
# workload (fio zonemode=zbd writes, zone resets, opens, closes, finishes,
# reset of all zones, failed writes, SCSI and NVMe passthrough resets), the
# cached report equals the device report, open and closed zones as active.
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d)
seed=${BLKZONE_SEED:-${SEED:-$RANDOM}}
RANDOM=$seed
tap_diag "seed $seed (SEED=$seed reproduces this workload)"

lbs=$(cat /sys/block/$(basename "$DEV")/queue/logical_block_size)
zonectl_zones "$DEV" > "$tmp/zones"
nr=$(wc -l < "$tmp/zones")
first_seq=$(awk '$5 != 1 { print NR - 1; exit }' "$tmp/zones")
zsz=$(head -1 "$tmp/zones" | cut -d' ' -f2)

random_seq_zone() {
	echo $((first_seq + RANDOM % (nr - first_seq - 1)))
}

# fio_writes ZONE NZONES MIB: MIB mebibytes of writes over NZONES zones.
fio_writes() {
	local zone=$1 nzones=$2 mib=$3
	[ $((zone + nzones)) -le $((nr - 1)) ] || nzones=$((nr - 1 - zone))
	fio --name=cache-workload --filename="$DEV" --direct=1 --zonemode=zbd \
		--rw=write --bs=$((lbs * 16)) --ioengine=libaio --iodepth=4 \
		--offset=$((zone * zsz * 512)) --size=$((nzones * zsz * 512)) \
		--io_size=${mib}M --max_open_zones=4 --output=/dev/null
}

zone_op() {
	blkzone "$1" -o $(($2 * zsz)) -c 1 "$DEV"
}

check_cached "setup"
for round in 1 2 3; do
	z=$(random_seq_zone)
	tap_run "round $round: fio writes from zone $z" fio_writes "$z" 8 $((1 + RANDOM % 24))
	check_cached "round $round fio writes"
	for op in reset open close finish; do
		z=$(random_seq_zone)
		zone_op "$op" "$z" 2>/dev/null
		check_cached "round $round $op of zone $z"
	done
	z=$(random_seq_zone)
	# A write away from the write pointer of an empty zone fails on a
	# sequential write required zone and succeeds on a preferred one.
	zone_op reset "$z"
	dd if=/dev/zero of="$DEV" bs="$lbs" count=1 oflag=direct status=none \
		seek=$(((z * zsz + zsz / 2) * 512 / lbs)) 2>/dev/null
	check_cached "round $round write in the middle of zone $z"
done

if [ -e "/sys/block/$(basename "$DEV")/device/scsi_disk" ]; then
	z=$(random_seq_zone)
	fio_writes "$z" 1 1
	check_cached "fio writes before a passthrough reset"
	tap_run "sg_reset_wp of zone $z" sg_reset_wp --zone=$((z * zsz * 512 / lbs)) "$DEV"
	check_cached "sg_reset_wp of zone $z"
	fio_writes "$first_seq" 4 2
	tap_run "sg_reset_wp --all" sg_reset_wp --all "$DEV"
	check_cached "sg_reset_wp --all"
fi

# NVMe's own zone commands (nvme-cli, NVME_IOCTL_IO_CMD) are passthrough
# requests, as SG_IO is for SCSI.
if [ "${DEV#/dev/nvme}" != "$DEV" ] && command -v nvme > /dev/null; then
	z=$(random_seq_zone)
	fio_writes "$z" 1 1
	check_cached "fio writes before an NVMe passthrough reset"
	tap_run "nvme zns reset-zone of zone $z" \
		nvme zns reset-zone "$DEV" --start-lba=$((z * zsz * 512 / lbs))
	check_cached "nvme zns reset-zone of zone $z"
	fio_writes "$first_seq" 4 2
	tap_run "nvme zns reset-zone --select-all" nvme zns reset-zone "$DEV" --select-all
	check_cached "nvme zns reset-zone --select-all"
fi

fio_writes "$first_seq" 8 8
tap_run "reset all zones" blkzone reset "$DEV"
check_cached "reset of all zones"
tap_is "every sequential zone is empty after reset of all zones" \
	"$(zonectl_zones "$DEV" | awk '$5 != 1 && $6 != 1' | wc -l)" 0

rm -rf "$tmp"
tap_done
