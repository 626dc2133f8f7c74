// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Cached reports on images fold implicitly open, explicitly open and
 * closed into BLKZONE_COND_ACTIVE, as the kernel's do.
 */
#include "config.h"

#include "image-util.h"
#include "tap.h"

#define ZS	65536ULL

int main(void)
{
	struct blkzone_image_geometry g = img_geo(6, ZS);
	struct blkzone_report_opts opts = { .flags = BLKZONE_REPORT_CACHED };
	static const unsigned int want[6] = {
		BLKZONE_COND_NOT_WP, BLKZONE_COND_ACTIVE, BLKZONE_COND_ACTIVE,
		BLKZONE_COND_ACTIVE, BLKZONE_COND_FULL, BLKZONE_COND_EMPTY,
	};
	struct blkzone_report_iter *it;
	struct blkzone_dev *dev;
	struct blkzone_zone z;
	struct img_env e;
	int i = 0, bad = 0, ret;

	img_env_init(&e);
	tap_plan(5);
	g.nr_conv_zones = 1;
	dev = img_make(e.path, &g);
	img_write(dev, ZS, 4096, 1);
	img_op(dev, BLKZONE_OP_OPEN, 2 * ZS, ZS);
	img_write(dev, 3 * ZS, 4096, 1);
	img_op(dev, BLKZONE_OP_CLOSE, 3 * ZS, ZS);
	img_op(dev, BLKZONE_OP_FINISH, 4 * ZS, ZS);

	tap_eq_int(blkzone_report_start(dev, &opts, &it), 0, "cached report");
	tap_ok(blkzone_report_was_cached(it), "answered from the cache");
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		if (i < 6 && z.cond != want[i])
			bad++;
		i++;
	}
	blkzone_report_end(it);
	tap_ok(ret == 0 && i == 6, "six zones");
	tap_eq_int(bad, 0, "open and closed zones folded into active");
	tap_ok(img_zone(dev, 3, true).wp == 3 * ZS + 4096,
	       "the write pointer is kept");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
