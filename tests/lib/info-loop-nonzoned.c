// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A regular (non-zoned) block device opens and describes itself: model
 * "none", its size and block sizes, and no zone geometry.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <libblkzone.h>

#include "loop.h"
#include "tap.h"

#define SIZE (16ULL << 20)

int main(void)
{
	struct blkzone_info info;
	struct blkzone_dev *dev;
	struct loopdev ld;
	int ret;

	ret = loop_create(SIZE, &ld);
	if (ret)
		tap_skip_all("no loop device: %s", strerror(-ret));

	tap_plan(13);
	ret = blkzone_open(ld.path, O_RDONLY, &dev);
	if (!tap_eq_int(ret, 0, "open the loop device")) {
		loop_destroy(&ld);
		tap_skip(12, "no handle");
		return tap_done();
	}
	memset(&info, 0xa5, sizeof(info));
	tap_eq_int(blkzone_get_info(dev, &info), 0, "get_info");
	tap_eq_int(info.model, BLKZONE_MODEL_NONE, "model");
	tap_eq_u64(info.capacity, SIZE, "capacity");
	tap_eq_int(info.logical_block_size, 512, "logical block size");
	tap_ok(info.physical_block_size >= 512, "physical block size %u",
	       info.physical_block_size);
	tap_eq_u64(info.zone_size, 0, "zone size");
	tap_eq_u64(info.nr_zones, 0, "number of zones");
	tap_eq_u64(info.zone_capacity, 0, "zone capacity");
	tap_ok(!info.cached_report, "no cached report");
	tap_ok(!info.is_partition, "not a partition");
	tap_eq_u64(info.partition_offset, 0, "partition offset");
	tap_eq_int(blkzone_get_info(dev, NULL), -EINVAL, "NULL info");
	blkzone_close(dev);
	loop_destroy(&ld);
	return tap_done();
}
