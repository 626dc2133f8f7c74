// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Conventional zones take no zone management, except that a reset skips
 * them: a reset of the whole device resets every sequential zone.
 */
#include "config.h"

#include <errno.h>

#include "image-util.h"
#include "tap.h"

#define ZS	65536ULL

int main(void)
{
	struct blkzone_image_geometry g = img_geo(5, ZS);
	struct blkzone_dev *dev;
	struct img_env e;

	img_env_init(&e);
	tap_plan(14);
	g.nr_conv_zones = 2;
	dev = img_make(e.path, &g);
	img_write(dev, 2 * ZS, 4096, 1);
	img_op(dev, BLKZONE_OP_FINISH, 3 * ZS, ZS);
	img_write(dev, 4 * ZS, 8192, 1);
	img_op(dev, BLKZONE_OP_CLOSE, 4 * ZS, ZS);

	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 0, ZS), -EINVAL,
		   "open a conventional zone");
	tap_eq_int(img_op(dev, BLKZONE_OP_CLOSE, ZS, ZS), -EINVAL,
		   "close a conventional zone");
	tap_eq_int(img_op(dev, BLKZONE_OP_FINISH, 0, 2 * ZS), -EINVAL,
		   "finish conventional zones");
	tap_eq_int(img_op(dev, BLKZONE_OP_RESET, 0, 2 * ZS), -EINVAL,
		   "reset only conventional zones");
	tap_eq_int(img_op(dev, BLKZONE_OP_FINISH, ZS, 2 * ZS), -EINVAL,
		   "finish a range that starts conventional");
	img_zone_is(dev, 2, BLKZONE_COND_IMP_OPEN, 4096,
		    "the refused range changed nothing");
	img_zone_is(dev, 1, BLKZONE_COND_NOT_WP, ZS, "conventional zone");

	tap_eq_int(img_op(dev, BLKZONE_OP_RESET, 0, 5 * ZS), 0,
		   "reset of the whole device");
	img_zone_is(dev, 0, BLKZONE_COND_NOT_WP, ZS, "conventional untouched");
	img_zone_is(dev, 1, BLKZONE_COND_NOT_WP, ZS, "conventional untouched");
	img_zone_is(dev, 2, BLKZONE_COND_EMPTY, 0, "imp open reset");
	img_zone_is(dev, 3, BLKZONE_COND_EMPTY, 0, "full reset");
	img_zone_is(dev, 4, BLKZONE_COND_EMPTY, 0, "closed reset");
	tap_eq_int(img_op(dev, BLKZONE_OP_RESET, ZS, 2 * ZS), 0,
		   "reset of a mixed range skips the conventional zone");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
