// SPDX-License-Identifier: GPL-2.0-or-later
/* O_EXCL claims an image: a second exclusive open gets -EBUSY. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>

#include "image-util.h"
#include "tap.h"

int main(void)
{
	struct blkzone_image_geometry g = img_geo(2, 65536);
	struct blkzone_dev *a, *b = NULL, *c;
	struct img_env e;

	img_env_init(&e);
	tap_plan(4);
	blkzone_close(img_make(e.path, &g));
	a = img_open(e.path, O_RDWR | O_EXCL);
	tap_eq_int(blkzone_open(e.path, O_RDONLY | O_EXCL, &b), -EBUSY,
		   "second exclusive open");
	tap_ok(b == NULL, "no handle");
	tap_eq_int(blkzone_open(e.path, O_RDONLY, &c), 0,
		   "a shared open still works");
	blkzone_close(c);
	blkzone_close(a);
	tap_eq_int(blkzone_open(e.path, O_RDWR | O_EXCL, &b), 0,
		   "exclusive open after close");
	blkzone_close(b);
	img_env_cleanup(&e);
	return tap_done();
}
