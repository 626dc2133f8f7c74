# Passthrough zone commands for the cases that race them with the zone
# cache.  Sourcing this sets $device (the disk's sysfs device folder) and
# $kind (scsi or nvme), or skips the case when $DEV has neither sg3-utils'
# nor nvme-cli's zone reset.
device=/sys/block/$(basename "$DEV")/device
if [ -e "$device/scsi_disk" ] && command -v sg_reset_wp > /dev/null; then
	kind=scsi
elif [ -e "$device/rescan_controller" ] && command -v nvme > /dev/null; then
	kind=nvme
else
	echo "1..0 # SKIP no passthrough zone command for $DEV"
	exit 0
fi

# passthrough_reset ZONE: a reset that the block layer sees as passthrough.
# Needs $zsz (the zone size in sectors) and $lbs (the logical block size).
passthrough_reset() {
	local lba=$(($1 * zsz * 512 / lbs))
	if [ $kind = scsi ]; then
		sg_reset_wp --zone=$lba "$DEV" > /dev/null 2>&1
	else
		nvme zns reset-zone "$DEV" --start-lba=$lba > /dev/null 2>&1
	fi
}
