// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where the kernel has cached reports, a cached request uses them only
 * (no device report), and says so.
 */
#include "config.h"

#include "fake-dev.h"
#include "tap.h"

#define NR 10000

int main(void)
{
	static struct blkzone_zone z[NR];
	struct blkzone_report_opts opts = { .flags = BLKZONE_REPORT_CACHED };
	struct fake_dev *f = fake_new(NR, 256);
	struct blkzone_dev *dev;
	bool cached = false;
	long n;

	tap_plan(6);
	f->has_cached = true;
	f->zones[5].cond = BLK_ZONE_COND_CLOSED;
	fake_open(f, &dev);

	n = fake_collect(dev, &opts, z, NR, &cached);
	tap_eq_int(n, NR, "every zone");
	tap_ok(cached, "the report was cached");
	tap_eq_int(z[5].cond, BLKZONE_COND_ACTIVE, "closed zone shows as active");
	tap_eq_int(f->device_calls, 0, "no device report");
	tap_ok(f->cached_calls >= 3, "%u cached requests", f->cached_calls);

	opts.flags = 0;
	n = fake_collect(dev, &opts, z, NR, &cached);
	tap_ok(n == NR && !cached && z[5].cond == BLKZONE_COND_CLOSED,
	       "without the flag the report comes from the device");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
