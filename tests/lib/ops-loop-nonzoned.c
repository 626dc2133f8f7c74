// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * On a regular block device, zone operations, zone lookups and zone writes
 * fail with -EOPNOTSUPP (-EBADF first for a read-only handle), and the
 * kernel itself refuses the zone management ioctls with -ENOTTY.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "blkzone-private.h"
#include "loop.h"
#include "tap.h"

#define SIZE	(8ULL << 20)

int main(void)
{
	static unsigned char buf[4096];
	struct blkzone_zone z, *zones = NULL;
	struct blkzone_dev *dev;
	struct loopdev ld;
	int ret;

	ret = loop_create(SIZE, &ld);
	if (ret)
		tap_skip_all("no loop device: %s", strerror(-ret));
	tap_plan(14);
	ret = blkzone_open(ld.path, O_RDWR, &dev);
	if (!tap_eq_int(ret, 0, "open read-write")) {
		tap_skip(13, "no handle");
		loop_destroy(&ld);
		return tap_done();
	}
	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_RESET, 0, SIZE),
		   -EOPNOTSUPP, "reset");
	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_FINISH, 0, 4096),
		   -EOPNOTSUPP, "finish of a small range");
	tap_eq_int(blkzone_zone_op_all(dev, BLKZONE_OP_RESET), -EOPNOTSUPP,
		   "reset all");
	tap_eq_int(blkzone_zone_at(dev, 0, 0, &z), -EOPNOTSUPP, "zone_at");
	tap_eq_int(blkzone_zone_at(dev, 0, BLKZONE_REPORT_CACHED, &z),
		   -EOPNOTSUPP, "cached zone_at");
	tap_eq_int(blkzone_report_count(dev, NULL), -EOPNOTSUPP, "count");
	tap_eq_int(blkzone_report_zones(dev, NULL, &zones), -EOPNOTSUPP,
		   "report_zones");
	tap_ok(zones == NULL, "no array");
	tap_eq_int(blkzone_zone_write(dev, 0, buf, sizeof(buf)), -EOPNOTSUPP,
		   "zone write");
	/* The backend passes the kernel's answer through. */
	tap_eq_int(dev->ops->zone_mgmt(dev, BLKZONE_OP_RESET, 0, 8),
		   -ENOTTY, "BLKRESETZONE itself: -ENOTTY");
	tap_eq_int(dev->ops->zone_mgmt(dev, BLKZONE_OP_OPEN, 0, 8),
		   -ENOTTY, "BLKOPENZONE itself: -ENOTTY");
	blkzone_close(dev);

	ret = blkzone_open(ld.path, O_RDONLY, &dev);
	if (!tap_eq_int(ret, 0, "open read-only")) {
		tap_skip(1, "no handle");
	} else {
		tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_RESET, 0, SIZE),
			   -EBADF, "read-only: -EBADF before anything");
		blkzone_close(dev);
	}
	loop_destroy(&ld);
	return tap_done();
}
