// SPDX-License-Identifier: GPL-2.0-or-later
/* Zone reports on a non-zoned block device fail with -EOPNOTSUPP. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <libblkzone.h>

#include "loop.h"
#include "tap.h"

int main(void)
{
	struct blkzone_report_opts opts = { .flags = BLKZONE_REPORT_CACHED };
	struct blkzone_report_iter *it = NULL;
	struct blkzone_dev *dev;
	struct loopdev ld;
	int ret;

	ret = loop_create(8 << 20, &ld);
	if (ret)
		tap_skip_all("no loop device: %s", strerror(-ret));
	tap_plan(4);
	ret = blkzone_open(ld.path, O_RDONLY, &dev);
	if (!tap_eq_int(ret, 0, "open")) {
		tap_skip(3, "no handle");
		loop_destroy(&ld);
		return tap_done();
	}
	tap_eq_int(blkzone_report_start(dev, NULL, &it), -EOPNOTSUPP,
		   "device report");
	tap_eq_int(blkzone_report_start(dev, &opts, &it), -EOPNOTSUPP,
		   "cached report");
	tap_ok(it == NULL, "no iterator returned");
	blkzone_close(dev);
	loop_destroy(&ld);
	return tap_done();
}
