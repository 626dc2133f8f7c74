# Zoned test disks in the guest, from the scsi_debug and null_blk modules
# that kernel/build.sh left in $BLKZONE_KDIR/modules.

# wait_for PATH: devtmpfs creates nodes asynchronously.
wait_for() {
	local i
	for i in $(seq 50); do
		[ -e "$1" ] && return 0
		sleep 0.1
	done
	echo "devices: $1 did not appear" >&2
	return 1
}

module_load() {
	local mod=$1
	shift
	insmod "$BLKZONE_KDIR/modules/$mod.ko" "$@"
}

module_remove() {
	local i
	for i in $(seq 20); do
		rmmod "$1" 2>/dev/null && return 0
		sleep 0.2
	done
	echo "devices: cannot remove module $1" >&2
	return 1
}

# scsi_debug_add PARAMS...: load scsi_debug, print its disk's path.
scsi_debug_add() {
	local blk dev
	module_load scsi_debug "$@" || return 1
	for i in $(seq 50); do
		blk=$(ls -d /sys/bus/pseudo/drivers/scsi_debug/adapter*/host*/target*/*:*/block/* 2>/dev/null | head -1)
		[ -n "$blk" ] && break
		sleep 0.1
	done
	[ -n "$blk" ] || { echo "devices: scsi_debug has no disk" >&2; return 1; }
	dev=/dev/$(basename "$blk")
	wait_for "$dev" && echo "$dev"
}

# scsi_debug_commands: the commands scsi_debug's hosts have received since
# its statistics were switched on (statistics=1), all hosts summed.
scsi_debug_commands() {
	sed -n 's/.*cmnd_count=\([0-9]*\).*/\1/p' /proc/scsi/scsi_debug/* |
		awk '{ n += $1 } END { print n + 0 }'
}

# scsi_debug_add_host: one more scsi_debug host; prints its disk's path.
scsi_debug_add_host() {
	local sd=/sys/bus/pseudo/drivers/scsi_debug before blk i
	before=$(ls -d $sd/adapter*/host*/target*/*:*/block/*)
	echo 1 > $sd/add_host
	for i in $(seq 50); do
		blk=$(ls -d $sd/adapter*/host*/target*/*:*/block/* |
			grep -vxF "$before" | head -1)
		[ -n "$blk" ] && [ -b "/dev/$(basename "$blk")" ] &&
			echo "/dev/$(basename "$blk")" && return 0
		sleep 0.1
	done
	echo "devices: the new scsi_debug host has no disk" >&2
	return 1
}

# null_blk_add PARAMS...: load null_blk with one device, print its path.
null_blk_add() {
	module_load null_blk "$@" || return 1
	wait_for /dev/nullb0 && echo /dev/nullb0
}

# null_blk_configfs_add NAME ATTR=VALUE...: a null_blk device made through
# configfs (which zone_readonly, zone_offline and badblocks need), powered
# on; prints its path.
null_blk_configfs_add() {
	local name=$1 dir kv
	shift
	module_load null_blk nr_devices=0 || return 1
	dir=/sys/kernel/config/nullb/$name
	mkdir "$dir" || return 1
	for kv in "$@"; do
		echo "${kv#*=}" > "$dir/${kv%%=*}" || return 1
	done
	echo 1 > "$dir/power" || return 1
	wait_for "/dev/$name" && echo "/dev/$name"
}

null_blk_configfs_remove() {
	rmdir "/sys/kernel/config/nullb/$1"
	module_remove null_blk
}

# nvme_ns_by_serial SERIAL: the path of the first namespace of the NVMe
# controller with serial SERIAL, one of those boot.sh attaches.  The
# controllers' numbers follow probe order, which can change from one boot
# to the next: the serial is what names them.
nvme_ns_by_serial() {
	local ctrl blk i
	for i in $(seq 50); do
		for ctrl in /sys/class/nvme/nvme*; do
			# The serial is padded with spaces to 20 characters.
			[ "$(sed 's/ *$//' "$ctrl/serial" 2>/dev/null)" = "$1" ] || continue
			blk=$(ls -d "$ctrl"/nvme*n1 2>/dev/null | head -1)
			[ -n "$blk" ] && wait_for "/dev/$(basename "$blk")" &&
				echo "/dev/$(basename "$blk")" && return 0
		done
		sleep 0.1
	done
	echo "devices: no NVMe namespace with serial '$1' (is QEMU's ZNS attached?)" >&2
	return 1
}

# nvme_zns_setup SERIAL SCHEDULER: the zoned namespace of controller
# SERIAL with SCHEDULER and every zone empty (an earlier setup may have
# left data); prints its path.
nvme_zns_setup() {
	local dev
	dev=$(nvme_ns_by_serial "$1") || return 1
	echo "$2" > "/sys/block/$(basename "$dev")/queue/scheduler" || {
		echo "devices: $dev refuses scheduler $2" >&2
		return 1
	}
	blkzone reset "$dev" || return 1
	echo "$dev"
}

# nvme_zns_teardown DEV: all zones empty and the kernel's default
# scheduler (mq-deadline for zoned disks) back, for the next setup.
nvme_zns_teardown() {
	blkzone reset "$1"
	echo mq-deadline > "/sys/block/$(basename "$1")/queue/scheduler"
}
