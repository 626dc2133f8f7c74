// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A partition is described by its own size and its offset on the disk,
 * with the disk's queue limits.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <libblkzone.h>

#include "loop.h"
#include "tap.h"

#define DISK	(16ULL << 20)
#define START	(1ULL << 20)
#define LEN	(4ULL << 20)

int main(void)
{
	struct blkzone_info info;
	struct blkzone_dev *dev;
	struct loopdev ld;
	char part[80];
	int ret;

	ret = loop_create(DISK, &ld);
	if (ret)
		tap_skip_all("no loop device: %s", strerror(-ret));
	ret = loop_add_partition(&ld, 1, START, LEN, part, sizeof(part));
	if (ret) {
		loop_destroy(&ld);
		tap_skip_all("cannot add a partition: %s", strerror(-ret));
	}

	tap_plan(7);
	ret = blkzone_open(part, O_RDONLY, &dev);
	if (!tap_eq_int(ret, 0, "open the partition")) {
		tap_skip(6, "no handle");
		loop_destroy(&ld);
		return tap_done();
	}
	tap_eq_int(blkzone_get_info(dev, &info), 0, "get_info");
	tap_ok(info.is_partition, "is a partition");
	tap_eq_u64(info.partition_offset, START, "partition offset");
	tap_eq_u64(info.capacity, LEN, "capacity is the partition's");
	tap_eq_int(info.model, BLKZONE_MODEL_NONE, "model of the disk");
	tap_eq_int(info.logical_block_size, 512, "logical block size");
	blkzone_close(dev);
	loop_destroy(&ld);
	return tap_done();
}
