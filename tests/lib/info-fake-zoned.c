// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * On a zoned device, get_info adds what only reports tell: the capacity of
 * the first sequential zone (past the conventional ones) and whether cached
 * reports work.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR 1000
#define CONV 300
#define ZS 2048ULL

int main(void)
{
	struct blkzone_info info;
	struct blkzone_dev *dev;
	struct fake_dev *f = fake_new(NR, ZS);
	int i;

	tap_plan(10);
	fake_set_conventional(f, CONV);
	for (i = CONV; i < NR; i++)
		f->zones[i].capacity = ZS / 2;
	fake_open(f, &dev);

	tap_eq_int(blkzone_get_info(dev, &info), 0, "get_info");
	tap_eq_int(info.model, BLKZONE_MODEL_HOST_MANAGED, "model");
	tap_eq_u64(info.zone_size, ZS * 512, "zone size");
	tap_eq_u64(info.zone_capacity, ZS / 2 * 512, "zone capacity");
	tap_eq_int(info.nr_zones, NR, "number of zones");
	tap_ok(!info.cached_report, "no cached report");

	f->has_cached = true;
	tap_ok(blkzone_get_info(dev, &info) == 0 && info.cached_report,
	       "cached report available");

	fake_set_conventional(f, NR);
	tap_ok(blkzone_get_info(dev, &info) == 0 && info.zone_capacity == 0,
	       "no sequential zone: capacity 0");

	f->calls = 0;
	f->fail_call = 1;
	f->fail_err = -EIO;
	tap_eq_int(blkzone_get_info(dev, &info), -EIO,
		   "an I/O error while probing is returned");

	f->model = BLKZONE_MODEL_NONE;
	f->calls = 0;
	tap_ok(blkzone_get_info(dev, &info) == 0 && f->calls == 0,
	       "a non-zoned device is not asked for reports");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
