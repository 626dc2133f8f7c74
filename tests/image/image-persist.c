// SPDX-License-Identifier: GPL-2.0-or-later
/* Zone conditions, write pointers and data survive a close and reopen. */
#include "config.h"

#include <fcntl.h>
#include <string.h>

#include "image-util.h"
#include "tap.h"

#define ZS	65536ULL

int main(void)
{
	struct blkzone_image_geometry g = img_geo(6, ZS);
	struct blkzone_dev *dev;
	unsigned char buf[8192];
	struct img_env e;

	img_env_init(&e);
	tap_plan(7);
	dev = img_make(e.path, &g);
	img_write(dev, 0, 8192, 0xa1);			/* imp open */
	img_write(dev, ZS, 4096, 0xb2);
	img_op(dev, BLKZONE_OP_CLOSE, ZS, ZS);		/* closed */
	img_op(dev, BLKZONE_OP_OPEN, 2 * ZS, ZS);	/* exp open */
	img_op(dev, BLKZONE_OP_FINISH, 3 * ZS, ZS);	/* full */
	blkzone_close(dev);

	dev = img_open(e.path, O_RDONLY);
	img_zone_is(dev, 0, BLKZONE_COND_IMP_OPEN, 8192, "implicitly open");
	img_zone_is(dev, 1, BLKZONE_COND_CLOSED, 4096, "closed");
	img_zone_is(dev, 2, BLKZONE_COND_EXP_OPEN, 0, "explicitly open");
	img_zone_is(dev, 3, BLKZONE_COND_FULL, ZS, "full");
	img_zone_is(dev, 4, BLKZONE_COND_EMPTY, 0, "empty");
	memset(buf, 0, sizeof(buf));
	tap_ok(dev->ops->pread(dev, buf, 8192, 0) == 8192 && buf[0] == 0xa1 &&
	       buf[8191] == 0xa1, "data of zone 0");
	tap_ok(dev->ops->pread(dev, buf, 4096, ZS) == 4096 && buf[0] == 0xb2 &&
	       buf[4095] == 0xb2, "data of zone 1");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
