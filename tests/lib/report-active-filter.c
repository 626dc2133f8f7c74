// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "Active" and the open and closed conditions stand for each other in
 * filters, so that one filter works on device and cached reports alike.
 */
#include "config.h"

#include "fake-dev.h"
#include "tap.h"

#define NR 8

int main(void)
{
	struct blkzone_zone z[NR];
	struct blkzone_report_opts opts = { 0 };
	struct fake_dev *f = fake_new(NR, 256);
	struct blkzone_dev *dev;
	bool cached;
	long n;

	tap_plan(6);
	f->has_cached = true;
	f->zones[1].cond = BLK_ZONE_COND_IMP_OPEN;
	f->zones[2].cond = BLK_ZONE_COND_EXP_OPEN;
	f->zones[3].cond = BLK_ZONE_COND_CLOSED;
	f->zones[4].cond = BLK_ZONE_COND_FULL;
	fake_open(f, &dev);

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_ACTIVE);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_ok(n == 3 && z[0].cond == BLKZONE_COND_IMP_OPEN &&
	       z[2].cond == BLKZONE_COND_CLOSED,
	       "active matches open and closed zones of a device report");

	opts.flags = BLKZONE_REPORT_CACHED;
	n = fake_collect(dev, &opts, z, NR, &cached);
	tap_ok(cached && n == 3 && z[1].cond == BLKZONE_COND_ACTIVE,
	       "active matches active zones of a cached report");

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_EXP_OPEN);
	n = fake_collect(dev, &opts, z, NR, &cached);
	tap_eq_int(n, 3, "explicitly open matches active zones when cached");

	opts.flags = 0;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_ok(n == 1 && z[0].cond == BLKZONE_COND_EXP_OPEN,
	       "but only itself in a device report");

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_FULL);
	opts.flags = BLKZONE_REPORT_CACHED;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 1, "full does not match active zones");

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_EMPTY);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 4, "empty does not match active zones");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
