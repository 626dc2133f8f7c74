// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * max_zones bounds the range in zones (filters apply inside the range), and
 * the kernel is never asked for more zones than that.
 */
#include "config.h"

#include "fake-dev.h"
#include "tap.h"

#define NR	10000
#define ZS	512ULL
#define ZB	(ZS * 512)

int main(void)
{
	static struct blkzone_zone z[NR];
	struct blkzone_report_opts opts = { 0 };
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	long n;

	tap_plan(7);
	f->zones[1].cond = BLK_ZONE_COND_FULL;
	f->zones[3].cond = BLK_ZONE_COND_FULL;
	f->zones[7].cond = BLK_ZONE_COND_FULL;
	fake_open(f, &dev);

	opts.max_zones = 5;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 5, "five zones");
	tap_ok(n == 5 && z[4].start == 4 * ZB, "the first five");
	tap_ok(f->max_request <= 5, "largest request %u zones", f->max_request);

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_FULL);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 2, "full zones among the first five");

	opts.cond_mask = 0;
	opts.offset = 9998 * ZB;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 2, "a count past the end stops at the end");

	opts.offset = 0;
	opts.max_zones = 5000;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 5000, "a count over one batch");

	opts.max_zones = 2;
	opts.length = 10 * ZB;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 2, "count and length: the smaller wins");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
