// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * On a partition, zones are reported relative to the partition and only
 * within it; a partition that splits a zone has no usable zones.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	64
#define ZS	1024ULL
#define ZB	(ZS * 512)

int main(void)
{
	struct blkzone_zone z[NR];
	struct blkzone_report_opts opts = { 0 };
	struct blkzone_report_iter *it = NULL;
	struct blkzone_info info;
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	long n;

	tap_plan(9);
	f->part_start = 8 * ZB;
	f->part_len = 16 * ZB;
	f->zones[8].wp = f->zones[8].start + 10;
	f->zones[8].cond = BLK_ZONE_COND_IMP_OPEN;
	fake_open(f, &dev);

	n = fake_collect(dev, NULL, z, NR, NULL);
	tap_eq_int(n, 16, "the partition's zones only");
	tap_eq_u64(z[0].start, 0, "first zone at the partition start");
	tap_eq_u64(z[0].wp, 10 * 512, "write pointer relative too");
	tap_eq_u64(z[15].start, 15 * ZB, "last zone");

	opts.offset = 2 * ZB;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_ok(n == 14 && z[0].start == 2 * ZB, "offset inside the partition");

	tap_eq_int(blkzone_get_info(dev, &info), 0, "get_info");
	tap_eq_u64(info.partition_offset, 8 * ZB, "partition offset");
	blkzone_close(dev);

	f->part_start = 8 * ZB + 512;
	fake_open(f, &dev);
	tap_eq_int(blkzone_report_start(dev, NULL, &it), -EOPNOTSUPP,
		   "partition that splits a zone");
	tap_ok(blkzone_get_info(dev, &info) == 0 && info.zone_capacity == 0,
	       "its info still works");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
