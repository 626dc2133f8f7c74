// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A kernel without cached reports answers BLKREPORTZONEV2 with ENOTTY or
 * EINVAL: the report falls back to device requests, says it was not cached,
 * and tries the cached request only once.  Other errors are not "not here".
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR 10000

int main(void)
{
	static struct blkzone_zone z[NR];
	static const int errs[] = { -ENOTTY, -EINVAL };
	struct blkzone_report_opts opts = { .flags = BLKZONE_REPORT_CACHED };
	struct blkzone_report_iter *it = NULL;
	struct blkzone_dev *dev;
	struct fake_dev *f;
	bool cached;
	unsigned int i;
	long n;

	tap_plan(9);
	for (i = 0; i < 2; i++) {
		f = fake_new(NR, 256);
		f->no_cached_err = errs[i];
		f->zones[5].cond = BLK_ZONE_COND_CLOSED;
		fake_open(f, &dev);
		cached = true;
		n = fake_collect(dev, &opts, z, NR, &cached);
		tap_eq_int(n, NR, i ? "EINVAL: every zone" : "ENOTTY: every zone");
		tap_ok(!cached, "the report was not cached");
		tap_eq_int(z[5].cond, BLKZONE_COND_CLOSED,
			   "conditions from the device");
		tap_eq_int(f->cached_calls, 1, "one cached request");
		blkzone_close(dev);
		fake_free(f);
	}

	f = fake_new(NR, 256);
	f->fail_call = 1;
	f->fail_err = -EIO;
	fake_open(f, &dev);
	tap_eq_int(blkzone_report_start(dev, &opts, &it), -EIO,
		   "an I/O error is returned, not taken for \"not here\"");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
