// SPDX-License-Identifier: GPL-2.0-or-later
/* O_EXCL claims the device: a second exclusive open gets -EBUSY. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <libblkzone.h>

#include "loop.h"
#include "tap.h"

int main(void)
{
	struct blkzone_dev *a, *b = NULL;
	struct loopdev ld;
	int ret;

	ret = loop_create(8 << 20, &ld);
	if (ret)
		tap_skip_all("no loop device: %s", strerror(-ret));
	tap_plan(4);
	ret = blkzone_open(ld.path, O_RDWR | O_EXCL, &a);
	if (!tap_eq_int(ret, 0, "first exclusive open")) {
		tap_skip(3, "no handle");
		loop_destroy(&ld);
		return tap_done();
	}
	tap_eq_int(blkzone_open(ld.path, O_RDWR | O_EXCL, &b), -EBUSY,
		   "second exclusive open");
	tap_ok(b == NULL, "no second handle");
	blkzone_close(a);
	ret = blkzone_open(ld.path, O_RDONLY | O_EXCL, &b);
	tap_eq_int(ret, 0, "exclusive open after close");
	if (!ret)
		blkzone_close(b);
	loop_destroy(&ld);
	return tap_done();
}
