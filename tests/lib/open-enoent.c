// SPDX-License-Identifier: GPL-2.0-or-later
/* A path that does not exist gives -ENOENT. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>

#include <libblkzone.h>

#include "tap.h"

int main(void)
{
	struct blkzone_dev *dev = NULL;

	tap_plan(3);
	tap_eq_int(blkzone_open("/nonexistent/blkzone-test", O_RDONLY, &dev),
		   -ENOENT, "missing path");
	tap_eq_int(blkzone_open("", O_RDONLY, &dev), -ENOENT, "empty path");
	tap_ok(dev == NULL, "no handle returned");
	return tap_done();
}
