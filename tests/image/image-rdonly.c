// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A read-only handle refuses writes and zone management with -EBADF and
 * still reads; a write-only one writes but does not read.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>

#include "image-util.h"
#include "tap.h"

#define ZS	65536ULL

int main(void)
{
	struct blkzone_image_geometry g = img_geo(2, ZS);
	struct blkzone_dev *dev;
	unsigned char buf[4096];
	struct img_env e;

	img_env_init(&e);
	tap_plan(8);
	dev = img_make(e.path, &g);
	blkzone_close(dev);

	dev = img_open(e.path, O_RDONLY);
	tap_eq_int(img_write(dev, 0, 4096, 1), -EBADF, "write");
	tap_eq_int(img_op(dev, BLKZONE_OP_FINISH, 0, ZS), -EBADF, "finish");
	tap_eq_int(img_op(dev, BLKZONE_OP_RESET, 0, 2 * ZS), -EBADF, "reset");
	tap_eq_int(dev->ops->pread(dev, buf, 4096, 0), 4096, "read");
	img_zone_is(dev, 0, BLKZONE_COND_EMPTY, 0, "unchanged");
	blkzone_close(dev);

	dev = img_open(e.path, O_WRONLY);
	tap_eq_int(img_write(dev, 0, 4096, 1), 4096, "write-only: write");
	tap_eq_int(dev->ops->pread(dev, buf, 4096, 0), -EBADF,
		   "write-only: read");
	img_zone_is(dev, 0, BLKZONE_COND_IMP_OPEN, 4096, "written");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
