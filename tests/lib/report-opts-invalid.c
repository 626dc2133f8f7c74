// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unknown flags, non-zero reserved fields and missing arguments are refused
 * with -EINVAL; the NULL-tolerant calls do nothing.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

int main(void)
{
	struct blkzone_report_opts opts;
	struct blkzone_report_iter *it = NULL;
	struct fake_dev *f = fake_new(16, 256);
	struct blkzone_dev *dev;
	struct blkzone_zone z;

	tap_plan(10);
	fake_open(f, &dev);

	opts = (struct blkzone_report_opts){ .flags = 1U << 1 };
	tap_eq_int(blkzone_report_start(dev, &opts, &it), -EINVAL,
		   "unknown flag");
	opts = (struct blkzone_report_opts){ .reserved0 = 1 };
	tap_eq_int(blkzone_report_start(dev, &opts, &it), -EINVAL,
		   "reserved0 set");
	opts = (struct blkzone_report_opts){ .reserved = { 0, 0, 0, 1 } };
	tap_eq_int(blkzone_report_start(dev, &opts, &it), -EINVAL,
		   "reserved[3] set");
	tap_eq_int(blkzone_report_start(NULL, NULL, &it), -EINVAL, "NULL device");
	tap_eq_int(blkzone_report_start(dev, NULL, NULL), -EINVAL,
		   "NULL iterator pointer");
	tap_ok(it == NULL, "no iterator");
	tap_eq_int(f->calls, 0, "no request reached the device");

	tap_eq_int(blkzone_report_next(NULL, &z), -EINVAL, "next on NULL");
	if (blkzone_report_start(dev, NULL, &it) == 0) {
		tap_eq_int(blkzone_report_next(it, NULL), -EINVAL,
			   "next into NULL");
		blkzone_report_end(it);
	} else {
		tap_ok(false, "start");
	}
	tap_ok(!blkzone_report_was_cached(NULL), "was_cached on NULL");
	blkzone_report_end(NULL);

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
