// SPDX-License-Identifier: GPL-2.0-or-later
/* Zone management moves zones through the ZBC conditions. */
#include "config.h"

#include <errno.h>

#include "image-util.h"
#include "tap.h"

#define ZS	65536ULL

int main(void)
{
	struct blkzone_image_geometry g = img_geo(4, ZS);
	struct blkzone_dev *dev;
	struct img_env e;

	img_env_init(&e);
	tap_plan(32);
	g.zone_capacity = 49152;
	dev = img_make(e.path, &g);

	/* open */
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 0, ZS), 0, "open empty");
	img_zone_is(dev, 0, BLKZONE_COND_EXP_OPEN, 0, "empty -> exp open");
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 0, ZS), 0, "open again");
	img_zone_is(dev, 0, BLKZONE_COND_EXP_OPEN, 0, "exp open stays");
	img_write(dev, ZS, 4096, 1);
	img_zone_is(dev, 1, BLKZONE_COND_IMP_OPEN, 4096, "a write opens");
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, ZS, ZS), 0, "open imp open");
	img_zone_is(dev, 1, BLKZONE_COND_EXP_OPEN, 4096, "imp -> exp open");

	/* close */
	tap_eq_int(img_op(dev, BLKZONE_OP_CLOSE, 0, ZS), 0, "close, wp at start");
	img_zone_is(dev, 0, BLKZONE_COND_EMPTY, 0, "-> empty");
	tap_eq_int(img_op(dev, BLKZONE_OP_CLOSE, ZS, ZS), 0, "close written");
	img_zone_is(dev, 1, BLKZONE_COND_CLOSED, 4096, "-> closed");
	tap_eq_int(img_op(dev, BLKZONE_OP_CLOSE, 0, ZS), 0, "close empty");
	img_zone_is(dev, 0, BLKZONE_COND_EMPTY, 0, "empty stays");
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, ZS, ZS), 0, "open closed");
	img_zone_is(dev, 1, BLKZONE_COND_EXP_OPEN, 4096, "closed -> exp open");

	/* finish */
	tap_eq_int(img_op(dev, BLKZONE_OP_FINISH, ZS, ZS), 0, "finish open");
	img_zone_is(dev, 1, BLKZONE_COND_FULL, ZS, "-> full, wp at zone end");
	tap_eq_int(img_op(dev, BLKZONE_OP_FINISH, 2 * ZS, ZS), 0,
		   "finish empty");
	img_zone_is(dev, 2, BLKZONE_COND_FULL, ZS, "empty -> full");
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 2 * ZS, ZS), 0, "open full");
	img_zone_is(dev, 2, BLKZONE_COND_FULL, ZS, "full stays (ZBC no-op)");
	tap_eq_int(img_op(dev, BLKZONE_OP_CLOSE, 2 * ZS, ZS), 0, "close full");
	img_zone_is(dev, 2, BLKZONE_COND_FULL, ZS, "full stays");

	/* reset */
	tap_eq_int(img_op(dev, BLKZONE_OP_RESET, ZS, 2 * ZS), 0,
		   "reset two full zones");
	img_zone_is(dev, 1, BLKZONE_COND_EMPTY, 0, "full -> empty");
	img_zone_is(dev, 2, BLKZONE_COND_EMPTY, 0, "full -> empty");

	/* refusals */
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 4096, ZS), -EINVAL,
		   "range not at a zone start");
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 0, ZS / 2), -EINVAL,
		   "range not whole zones");
	tap_eq_int(img_op(dev, BLKZONE_OP_RESET, 3 * ZS, 2 * ZS), -EINVAL,
		   "range past the end");
	tap_eq_int(img_op(dev, BLKZONE_OP_RESET, 0, 0), -EINVAL, "empty range");
	tap_eq_int(dev->ops->zone_mgmt(dev, 9, 0, ZS / 512), -EINVAL,
		   "unknown operation");
	img_zone_is(dev, 0, BLKZONE_COND_EMPTY, 0, "refusals changed nothing");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
