// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The open limit: a write or an explicit open beyond it closes an
 * implicitly open zone, and fails with -ETOOMANYREFS when every open zone
 * is explicitly open.
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
	tap_plan(16);
	g.max_open_zones = 2;
	dev = img_make(e.path, &g);

	tap_eq_int(img_write(dev, 0, 4096, 1), 4096, "write zone 0");
	tap_eq_int(img_write(dev, ZS, 4096, 1), 4096, "write zone 1");
	tap_eq_int(img_write(dev, 2 * ZS, 4096, 1), 4096,
		   "write zone 2 over the limit");
	img_zone_is(dev, 0, BLKZONE_COND_CLOSED, 4096,
		    "zone 0 implicitly closed");
	img_zone_is(dev, 1, BLKZONE_COND_IMP_OPEN, 4096, "zone 1 still open");
	img_zone_is(dev, 2, BLKZONE_COND_IMP_OPEN, 4096, "zone 2 open");

	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 3 * ZS, ZS), 0,
		   "explicit open over the limit");
	img_zone_is(dev, 1, BLKZONE_COND_CLOSED, 4096,
		    "closes an implicitly open zone");
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 2 * ZS, ZS), 0,
		   "explicit open of the implicitly open zone");
	tap_eq_int(img_write(dev, 4 * ZS, 4096, 1), -ETOOMANYREFS,
		   "write with all open zones explicitly open");
	img_zone_is(dev, 4, BLKZONE_COND_EMPTY, 0, "the refused write left nothing");
	tap_eq_int(img_op(dev, BLKZONE_OP_OPEN, 0, ZS), -ETOOMANYREFS,
		   "explicit open with all open zones explicitly open");
	img_zone_is(dev, 0, BLKZONE_COND_CLOSED, 4096, "still closed");
	tap_eq_int(img_write(dev, 2 * ZS + 4096, 4096, 1), 4096,
		   "write to an open zone needs no resource");
	tap_eq_int(img_op(dev, BLKZONE_OP_CLOSE, 3 * ZS, ZS), 0, "close one");
	tap_eq_int(img_write(dev, 4 * ZS, 4096, 1), 4096, "then a write opens");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
