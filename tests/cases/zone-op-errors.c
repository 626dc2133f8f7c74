// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Zone operations refuse ranges off zone boundaries or past the end,
 * handles opened read-only, and conventional zones, and a refused
 * operation leaves the zones as they were.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>

#include "case.h"

int main(int argc, char **argv)
{
	struct blkzone_dev *ro;
	struct case_dev c;
	uint64_t start, zs, cap;
	size_t s;
	void *buf;
	int ret;

	case_open(&c, argc, argv, false);
	s = case_seq(&c, 0);
	start = c.zones[s].start;
	zs = c.info.zone_size;
	cap = c.info.capacity;
	buf = case_buf(c.lbs, -1);
	tap_eq_errno(blkzone_zone_write(c.dev, start, buf, c.lbs), c.lbs,
		     "write a block into zone %zu", s);

	tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, start + c.lbs, zs), -EINVAL,
		     "reset from inside a zone: -EINVAL");
	tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, start, zs / 2), -EINVAL,
		     "reset of half a zone: -EINVAL");
	tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, start, zs + c.lbs), -EINVAL,
		     "reset of a zone and a block: -EINVAL");
	tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, start, 0), -EINVAL,
		     "reset of nothing: -EINVAL");
	tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, cap, zs), -EINVAL,
		     "reset at the end of the device: -EINVAL");
	tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, c.zones[c.nr - 1].start,
				     c.zones[c.nr - 1].len + zs), -EINVAL,
		     "reset past the end of the device: -EINVAL");
	tap_eq_errno(blkzone_zone_op(c.dev, (enum blkzone_op)99, start, zs), -EINVAL,
		     "an unknown operation: -EINVAL");
	tap_eq_errno(blkzone_zone_op_all(c.dev, (enum blkzone_op)0), -EINVAL,
		     "an unknown operation on all zones: -EINVAL");
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, c.lbs, "after the refused calls");

	ret = blkzone_open(c.path, O_RDONLY, &ro);
	if (tap_eq_errno(ret, 0, "open read-only")) {
		tap_eq_errno(blkzone_zone_op(ro, BLKZONE_OP_RESET, start, zs), -EBADF,
			     "reset through a read-only handle: -EBADF");
		tap_eq_errno(blkzone_zone_op(ro, BLKZONE_OP_FINISH, start, zs), -EBADF,
			     "finish through a read-only handle: -EBADF");
		tap_eq_errno(blkzone_zone_op_all(ro, BLKZONE_OP_RESET), -EBADF,
			     "reset of all zones through a read-only handle: -EBADF");
		tap_eq_errno(blkzone_zone_write(ro, start, buf, c.lbs), -EBADF,
			     "zone write through a read-only handle: -EBADF");
		blkzone_close(ro);
	}
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, c.lbs, "after the read-only handle");

	tap_eq_errno(blkzone_zone_write(c.dev, start + c.lbs, buf, c.lbs),
		     -EINVAL, "zone write off a zone start: -EINVAL");
	tap_eq_errno(blkzone_zone_write(c.dev, start, buf, c.lbs / 2), -EINVAL,
		     "zone write of half a block: -EINVAL");

	if (c.nr_conv) {
		size_t k;
		uint64_t cs = 0;

		for (k = 0; k < c.nr; k++)
			if (c.zones[k].type == BLKZONE_TYPE_CONVENTIONAL) {
				cs = c.zones[k].start;
				break;
			}
		/*
		 * Images refuse with -EINVAL before any change; null_blk gives
		 * -EIO and SCSI disks -EREMOTEIO.
		 */
		ret = blkzone_zone_op(c.dev, BLKZONE_OP_OPEN, cs, zs);
		tap_ok(ret == -EINVAL || ret == -EIO || ret == -EREMOTEIO, "open of a conventional zone fails (%d)", ret);
		ret = blkzone_zone_op(c.dev, BLKZONE_OP_CLOSE, cs, zs);
		tap_ok(ret == -EINVAL || ret == -EIO || ret == -EREMOTEIO, "close of a conventional zone fails (%d)", ret);
		ret = blkzone_zone_op(c.dev, BLKZONE_OP_FINISH, cs, zs);
		tap_ok(ret == -EINVAL || ret == -EIO || ret == -EREMOTEIO, "finish of a conventional zone fails (%d)", ret);
		tap_eq_errno(blkzone_zone_write(c.dev, cs, buf, c.lbs), -EINVAL,
			     "zone write to a conventional zone: -EINVAL");
		/* Drivers differ on a conventional zone's write pointer. */
		tap_eq_errno(case_zone(&c, k).cond, BLKZONE_COND_NOT_WP,
			     "the conventional zone is still not write pointer");
	} else {
		tap_skip(1, "no conventional zone");
	}
	free(buf);
	return case_finish(&c);
}
