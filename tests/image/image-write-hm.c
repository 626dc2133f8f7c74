// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Host-managed zones take writes at the write pointer only, within the
 * zone capacity, and not once full; conventional zones take any aligned
 * write.
 */
#include "config.h"

#include <errno.h>

#include "image-util.h"
#include "tap.h"

#define ZS	65536ULL
#define CAP	49152ULL

int main(void)
{
	struct blkzone_image_geometry g = img_geo(4, ZS);
	struct blkzone_dev *dev;
	struct img_env e;

	img_env_init(&e);
	tap_plan(19);
	g.nr_conv_zones = 1;
	g.zone_capacity = CAP;
	dev = img_make(e.path, &g);

	tap_eq_int(img_write(dev, ZS, 8192, 1), 8192, "write at the wp");
	img_zone_is(dev, 1, BLKZONE_COND_IMP_OPEN, 8192, "wp moved");
	tap_eq_int(img_write(dev, ZS + 4096, 4096, 1), -EIO, "write below the wp");
	tap_eq_int(img_write(dev, ZS + 16384, 4096, 1), -EIO,
		   "write past the wp");
	tap_eq_int(img_write(dev, ZS + 8192, CAP - 4096, 1), -EIO,
		   "write across the capacity");
	img_zone_is(dev, 1, BLKZONE_COND_IMP_OPEN, 8192,
		    "refused writes moved nothing");
	tap_eq_int(img_write(dev, ZS + 8192, CAP - 8192, 1), (long long)(CAP - 8192),
		   "write up to the capacity");
	img_zone_is(dev, 1, BLKZONE_COND_FULL, ZS, "the zone is full");
	tap_eq_int(img_write(dev, ZS + CAP, 4096, 1), -EIO,
		   "write past the capacity of a full zone");
	tap_eq_int(img_write(dev, 2 * ZS, 2048, 1), -EINVAL,
		   "length not in blocks");
	tap_eq_int(img_write(dev, 2 * ZS + 512, 4096, 1), -EINVAL,
		   "offset not on a block");
	tap_eq_int(img_write(dev, 2 * ZS + CAP - 4096, ZS, 1), -EIO,
		   "write across a zone boundary");
	tap_eq_int(img_write(dev, 4 * ZS, 4096, 1), -ENOSPC,
		   "write past the end of the device");
	tap_eq_int(img_write(dev, 2 * ZS, 0, 1), 0, "empty write");
	img_zone_is(dev, 2, BLKZONE_COND_EMPTY, 0, "nothing written");

	tap_eq_int(img_write(dev, 8192, 4096, 1), 4096,
		   "conventional zone: write anywhere");
	tap_eq_int(img_write(dev, 0, 4096, 1), 4096,
		   "conventional zone: write again before");
	tap_eq_int(img_write(dev, ZS - 4096, 8192, 1), -EIO,
		   "write from a conventional into a sequential zone");
	img_zone_is(dev, 0, BLKZONE_COND_NOT_WP, ZS, "conventional zone");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
