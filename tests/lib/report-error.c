// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A failed kernel request ends the report with its errno: at start if the
 * first request fails, else from blkzone_report_next(), which then keeps
 * returning it.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR 10000

int main(void)
{
	struct blkzone_report_iter *it = NULL;
	struct blkzone_dev *dev;
	struct blkzone_zone z;
	struct fake_dev *f = fake_new(NR, 256);
	long n = 0;
	int ret;

	tap_plan(6);
	f->fail_call = 1;
	f->fail_err = -EIO;
	fake_open(f, &dev);
	tap_eq_int(blkzone_report_start(dev, NULL, &it), -EIO,
		   "first request fails");
	tap_ok(it == NULL, "no iterator");

	f->calls = 0;
	f->fail_call = 2;
	f->fail_err = -ENOMEM;
	ret = blkzone_report_start(dev, NULL, &it);
	tap_eq_int(ret, 0, "start");
	if (ret) {
		tap_skip(3, "no iterator");
		return tap_done();
	}
	while ((ret = blkzone_report_next(it, &z)) > 0)
		n++;
	tap_eq_int(ret, -ENOMEM, "second request fails");
	tap_eq_int(n, BLKZONE_REPORT_BATCH, "after the first batch");
	tap_eq_int(blkzone_report_next(it, &z), -ENOMEM, "and stays failed");
	blkzone_report_end(it);
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
