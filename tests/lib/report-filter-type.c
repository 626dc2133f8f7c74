// SPDX-License-Identifier: GPL-2.0-or-later
/* A type mask keeps only the zones of those types. */
#include "config.h"

#include "fake-dev.h"
#include "tap.h"

#define NR 64

int main(void)
{
	struct blkzone_zone z[NR];
	struct blkzone_report_opts opts = { 0 };
	struct fake_dev *f = fake_new(NR, 256);
	struct blkzone_dev *dev;
	long n;

	tap_plan(5);
	fake_set_conventional(f, 10);
	f->zones[20].type = BLK_ZONE_TYPE_SEQWRITE_PREF;
	f->zones[21].type = BLK_ZONE_TYPE_SEQWRITE_PREF;
	f->zones[30].type = 0x6;
	fake_open(f, &dev);

	opts.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_CONVENTIONAL);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_ok(n == 10 && z[9].start == 9 * 256 * 512, "conventional zones");

	opts.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_REQ);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, NR - 13, "sequential write required zones");

	opts.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_PREF) |
			 BLKZONE_TYPE_BIT(0x6);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_ok(n == 3 && z[2].type == 0x6, "preferred and an unknown type");

	opts.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_CONVENTIONAL);
	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_EMPTY);
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 0, "type and condition masks both apply");

	opts.type_mask = 0;
	opts.cond_mask = 0;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, NR, "no mask: every zone");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
