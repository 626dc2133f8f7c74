// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A condition mask keeps only the zones in those conditions; values without
 * a bit of their own match the "other" bit.
 */
#include "config.h"

#include "fake-dev.h"
#include "tap.h"

#define NR 16

int main(void)
{
	static const unsigned int conds[NR] = {
		BLK_ZONE_COND_EMPTY, BLK_ZONE_COND_FULL, BLK_ZONE_COND_EMPTY,
		BLK_ZONE_COND_IMP_OPEN, BLK_ZONE_COND_EXP_OPEN,
		BLK_ZONE_COND_CLOSED, BLK_ZONE_COND_READONLY,
		BLK_ZONE_COND_OFFLINE, BLK_ZONE_COND_FULL, 0x9, 0x70,
		BLK_ZONE_COND_EMPTY, BLK_ZONE_COND_EMPTY, BLK_ZONE_COND_FULL,
		BLK_ZONE_COND_EMPTY, BLK_ZONE_COND_EMPTY,
	};
	struct blkzone_zone z[NR];
	struct blkzone_report_opts opts = { 0 };
	struct fake_dev *f = fake_new(NR, 256);
	struct blkzone_dev *dev;
	long n, i;
	bool ok;

	tap_plan(7);
	for (i = 0; i < NR; i++)
		f->zones[i].cond = conds[i];
	fake_open(f, &dev);

	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, NR, "no mask: every zone");

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_FULL);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 3, "full zones");
	for (i = 0, ok = true; i < n; i++)
		ok = ok && z[i].cond == BLKZONE_COND_FULL;
	tap_ok(ok, "all of them full");

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_EMPTY) |
			 BLKZONE_COND_BIT(BLKZONE_COND_OFFLINE);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 7, "empty or offline zones");

	opts.cond_mask = BLKZONE_COND_BIT(0x9);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_ok(n == 1 && z[0].cond == 0x9, "a reserved condition by its bit");

	opts.cond_mask = BLKZONE_COND_BIT(0x70);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_ok(n == 1 && z[0].cond == 0x70, "a large value by the other bit");

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_NOT_WP);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 0, "no zone matches");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
