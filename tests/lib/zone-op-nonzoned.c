// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Zone operations, lookups and zone writes refuse a device without zones,
 * and a partition that splits a zone, with -EOPNOTSUPP as reports do.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	8
#define ZS	64ULL
#define ZB	(ZS * 512)

static void check(struct fake_dev *f, const char *what)
{
	static char buf[4096];
	struct blkzone_zone z, *zones = (struct blkzone_zone *)&zones;
	struct blkzone_dev *dev;
	struct fake_snap *s;

	fake_open(f, &dev);
	s = fake_snap_take(f);
	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_RESET, 0, ZB), -EOPNOTSUPP,
		   what);
	tap_eq_int(blkzone_zone_op_all(dev, BLKZONE_OP_RESET), -EOPNOTSUPP,
		   "reset all");
	tap_eq_int(blkzone_zone_at(dev, 0, 0, &z), -EOPNOTSUPP, "zone_at");
	tap_eq_int(blkzone_report_count(dev, NULL), -EOPNOTSUPP, "count");
	tap_eq_int(blkzone_report_zones(dev, NULL, &zones), -EOPNOTSUPP,
		   "report_zones");
	tap_ok(zones == (struct blkzone_zone *)&zones, "array left untouched");
	tap_eq_int(blkzone_zone_write(dev, 0, buf, sizeof(buf)), -EOPNOTSUPP,
		   "zone write");
	tap_ok(fake_snap_same(f, s) && f->mgmt_calls == 0, "no request");
	fake_snap_free(s);
	blkzone_close(dev);
}

int main(void)
{
	struct fake_dev *f = fake_new(NR, ZS);

	tap_plan(16);
	f->model = BLKZONE_MODEL_NONE;
	check(f, "not zoned: zone op");
	f->model = BLKZONE_MODEL_HOST_MANAGED;
	f->part_start = 2 * ZB + 4096;
	f->part_len = 4 * ZB;
	check(f, "partition that splits a zone: zone op");
	fake_free(f);
	return tap_done();
}
