// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>

#include "blkzone-private.h"

static bool op_valid(enum blkzone_op op)
{
	switch (op) {
	case BLKZONE_OP_RESET:
	case BLKZONE_OP_OPEN:
	case BLKZONE_OP_CLOSE:
	case BLKZONE_OP_FINISH:
		return true;
	}
	return false;
}

/* The checks every zone operation makes first; fills @geo. */
static int zone_op_check(struct blkzone_dev *dev, enum blkzone_op op,
			 struct blkzone_geometry *geo)
{
	int ret;

	if (!dev || !op_valid(op))
		return -EINVAL;
	/* What the kernel answers for a descriptor opened read-only. */
	if ((dev->open_flags & O_ACCMODE) == O_RDONLY)
		return -EBADF;
	ret = dev->ops->geometry(dev, geo);
	if (ret)
		return ret;
	/* The same devices as those blkzone_report_start() refuses. */
	if (!geo->zone_size || geo->part_start % geo->zone_size ||
	    !dev->ops->zone_mgmt)
		return -EOPNOTSUPP;
	return 0;
}

/*
 * Every check is made before the request, so that a refused call leaves the
 * device as it was: the kernel checks the same things, but it works zone by
 * zone and may have changed some zones when it fails on a later one.
 */
int blkzone_zone_op(struct blkzone_dev *dev, enum blkzone_op op,
		    uint64_t offset, uint64_t length)
{
	struct blkzone_geometry geo;
	uint64_t end;
	int ret;

	ret = zone_op_check(dev, op, &geo);
	if (ret)
		return ret;
	if (offset >= geo.capacity || offset % geo.zone_size)
		return -EINVAL;
	if (!length || length > geo.capacity - offset)
		return -EINVAL;
	end = offset + length;
	/* Only the last zone of a device may be smaller than the others. */
	if (end != geo.capacity && end % geo.zone_size)
		return -EINVAL;
	if (length % BLKZONE_SECTOR_SIZE)
		return -EINVAL;

	return dev->ops->zone_mgmt(dev, op,
				   (geo.part_start + offset) >>
					   BLKZONE_SECTOR_SHIFT,
				   length >> BLKZONE_SECTOR_SHIFT);
}

int blkzone_zone_op_all(struct blkzone_dev *dev, enum blkzone_op op)
{
	struct blkzone_geometry geo;
	int ret;

	ret = zone_op_check(dev, op, &geo);
	if (ret)
		return ret;
	/*
	 * One request for the whole device: on a disk, a reset of this range
	 * is the kernel's (and the device's) reset of all zones.
	 */
	return blkzone_zone_op(dev, op, 0, geo.capacity);
}
