// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The active limit: opening, writing or finishing an empty zone beyond it
 * fails with -EOVERFLOW and changes nothing; closed zones stay active.
 */
#include "config.h"

#include <errno.h>

#include "image-util.h"
#include "tap.h"

#define ZS	65536ULL

int main(void)
{
	struct blkzone_image_geometry g = img_geo(6, ZS);
	struct blkzone_dev *dev;
	struct img_env e;

	img_env_init(&e);
	tap_plan(13);
	g.max_open_zones = 2;
	g.max_active_zones = 3;
	dev = img_make(e.path, &g);

	img_write(dev, 0, 4096, 1);
	img_write(dev, ZS, 4096, 1);
	img_write(dev, 2 * ZS, 4096, 1);	/* closes zone 0: 3 active */
	img_zone_is(dev, 0, BLKZONE_COND_CLOSED, 4096, "zone 0 closed");
	tap_eq_int(img_write(dev, 3 * ZS, 4096, 1), -EOVERFLOW,
		   "write to a fourth zone");
	img_zone_is(dev, 3, BLKZONE_COND_EMPTY, 0, "left empty");
	img_zone_is(dev, 1, BLKZONE_COND_IMP_OPEN, 4096,
		    "no zone closed for the refused write");
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 3 * ZS, ZS), -EOVERFLOW,
		   "explicit open of a fourth zone");
	tap_eq_int(img_op(dev, BLKZONE_OP_FINISH, 3 * ZS, ZS), -EOVERFLOW,
		   "finish of an empty fourth zone");
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 3 * ZS, 2 * ZS), -EOVERFLOW,
		   "open of two zones: all or nothing");
	img_zone_is(dev, 3, BLKZONE_COND_EMPTY, 0, "still empty");
	tap_eq_int(img_write(dev, 4096, 4096, 1), 4096,
		   "a closed zone reopens within the limit");
	tap_eq_int(img_op(dev, BLKZONE_OP_FINISH, 0, ZS), 0,
		   "finish releases a zone");
	tap_eq_int(img_write(dev, 3 * ZS, 4096, 1), 4096, "now a fourth opens");
	tap_eq_int(img_op(dev, BLKZONE_OP_RESET, 0, 6 * ZS), 0, "reset all");
	img_zone_is(dev, 3, BLKZONE_COND_EMPTY, 0, "everything empty");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
