// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reads return data below the write pointer and zeros past it, across zone
 * boundaries; a finished zone reads zeros past the data written.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "image-util.h"
#include "tap.h"

#define ZS	65536ULL

static bool range_is(const unsigned char *p, size_t from, size_t to, int v)
{
	size_t i;

	for (i = from; i < to; i++)
		if (p[i] != v)
			return false;
	return true;
}

int main(void)
{
	struct blkzone_image_geometry g = img_geo(4, ZS);
	static unsigned char buf[4 * ZS];
	struct blkzone_dev *dev;
	struct img_env e;

	img_env_init(&e);
	tap_plan(10);
	g.nr_conv_zones = 1;
	dev = img_make(e.path, &g);
	img_write(dev, 4096, 4096, 0x11);
	img_write(dev, ZS, 12288, 0x22);
	img_write(dev, 2 * ZS, 8192, 0x33);
	img_op(dev, BLKZONE_OP_FINISH, 2 * ZS, ZS);
	/* Data of a reset zone never shows again. */
	img_write(dev, 3 * ZS, 4096, 0x44);
	img_op(dev, BLKZONE_OP_RESET, 3 * ZS, ZS);

	memset(buf, 0xff, sizeof(buf));
	tap_eq_int(dev->ops->pread(dev, buf, sizeof(buf), 0),
		   (long long)sizeof(buf), "read the whole device");
	tap_ok(range_is(buf, 0, 4096, 0) && range_is(buf, 4096, 8192, 0x11) &&
	       range_is(buf, 8192, ZS, 0), "conventional zone");
	tap_ok(range_is(buf, ZS, ZS + 12288, 0x22),
	       "sequential zone below the wp");
	tap_ok(range_is(buf, ZS + 12288, 2 * ZS, 0), "zeros past the wp");
	tap_ok(range_is(buf, 2 * ZS, 2 * ZS + 8192, 0x33) &&
	       range_is(buf, 2 * ZS + 8192, 3 * ZS, 0),
	       "finished zone: data, then zeros");
	tap_ok(range_is(buf, 3 * ZS, 4 * ZS, 0), "reset zone: zeros");
	memset(buf, 0xff, 8192);
	tap_eq_int(dev->ops->pread(dev, buf, 8192, ZS + 8192), 8192,
		   "read across the wp");
	tap_ok(range_is(buf, 0, 4096, 0x22) && range_is(buf, 4096, 8192, 0),
	       "data then zeros");
	tap_eq_int(dev->ops->pread(dev, buf, 4096, 4 * ZS), 0,
		   "read at the end: nothing");
	tap_eq_int(dev->ops->pread(dev, buf, 4096, 100), -EINVAL,
		   "unaligned read");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
