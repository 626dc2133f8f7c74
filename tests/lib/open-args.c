// SPDX-License-Identifier: GPL-2.0-or-later
/* blkzone_open() refuses bad arguments with -EINVAL and touches nothing. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>

#include <libblkzone.h>

#include "tap.h"

int main(void)
{
	struct blkzone_dev *dev = (struct blkzone_dev *)&dev;

	tap_plan(6);
	tap_eq_int(blkzone_open(NULL, O_RDONLY, &dev), -EINVAL, "NULL path");
	tap_eq_int(blkzone_open("/dev/null", O_RDONLY, NULL), -EINVAL,
		   "NULL handle pointer");
	tap_eq_int(blkzone_open("/dev/null", O_RDONLY | O_CREAT, &dev), -EINVAL,
		   "O_CREAT");
	tap_eq_int(blkzone_open("/dev/null", O_RDONLY | O_TRUNC, &dev), -EINVAL,
		   "O_TRUNC");
	tap_eq_int(blkzone_open("/dev/null", O_ACCMODE, &dev), -EINVAL,
		   "invalid access mode");
	tap_ok(dev == (struct blkzone_dev *)&dev, "handle left untouched");
	/* NULL is a no-op, like free(). */
	blkzone_close(NULL);
	return tap_done();
}
