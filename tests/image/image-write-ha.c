// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Host-aware zones take writes anywhere: the write pointer moves to the
 * end of a write past it, and skipped blocks read as zeros.
 */
#include "config.h"

#include <string.h>

#include "image-util.h"
#include "tap.h"

#define ZS	65536ULL

int main(void)
{
	struct blkzone_image_geometry g = img_geo(3, ZS);
	struct blkzone_dev *dev;
	unsigned char buf[ZS];
	struct img_env e;
	size_t i;
	bool zeros = true;

	img_env_init(&e);
	tap_plan(11);
	g.model = BLKZONE_MODEL_HOST_AWARE;
	dev = img_make(e.path, &g);

	tap_eq_int(img_write(dev, 16384, 4096, 0xaa), 4096,
		   "write past the write pointer");
	img_zone_is(dev, 0, BLKZONE_COND_IMP_OPEN, 20480, "wp at its end");
	tap_eq_int(img_write(dev, 4096, 4096, 0xbb), 4096,
		   "write below the write pointer");
	img_zone_is(dev, 0, BLKZONE_COND_IMP_OPEN, 20480, "wp stays");
	tap_eq_int(dev->ops->pread(dev, buf, ZS, 0), (long long)ZS, "read");
	for (i = 0; i < ZS; i++) {
		unsigned char want = i >= 16384 && i < 20480 ? 0xaa :
				     i >= 4096 && i < 8192 ? 0xbb : 0;

		if (buf[i] != want)
			zeros = false;
	}
	tap_ok(zeros, "both writes, zeros elsewhere");

	/* Stale data of a reset zone must not show in a skipped range. */
	tap_eq_int(img_write(dev, ZS, ZS, 0xcc), (long long)ZS, "fill zone 1");
	img_zone_is(dev, 1, BLKZONE_COND_FULL, ZS, "full");
	img_op(dev, BLKZONE_OP_RESET, ZS, ZS);
	tap_eq_int(img_write(dev, ZS + 32768, 4096, 0xdd), 4096,
		   "write in the middle after a reset");
	memset(buf, 0xff, sizeof(buf));
	dev->ops->pread(dev, buf, ZS, ZS);
	zeros = true;
	for (i = 0; i < 32768; i++)
		if (buf[i])
			zeros = false;
	tap_ok(zeros && buf[32768] == 0xdd, "the skipped range reads zeros");
	tap_eq_int(img_write(dev, 2 * ZS + 8192, ZS - 8192, 0xee),
		   (long long)(ZS - 8192), "write to the end of a zone");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
