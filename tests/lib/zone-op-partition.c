// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * On a partition, zone operations take offsets relative to the partition,
 * reach the disk at the partition's sectors, and "all zones" means the
 * partition's zones only.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	16
#define ZS	128ULL
#define ZB	(ZS * 512)

int main(void)
{
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	unsigned int i, full;

	tap_plan(9);
	f->part_start = 4 * ZB;
	f->part_len = 8 * ZB;
	fake_open(f, &dev);

	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_FINISH, ZB, 2 * ZB), 0,
		   "finish zones 1-2 of the partition");
	tap_ok(f->last_sector == 5 * ZS && f->last_nr_sectors == 2 * ZS,
	       "disk sectors %llu+%llu", (unsigned long long)f->last_sector,
	       (unsigned long long)f->last_nr_sectors);
	tap_ok(f->zones[5].cond == BLK_ZONE_COND_FULL &&
	       f->zones[6].cond == BLK_ZONE_COND_FULL &&
	       f->zones[1].cond == BLK_ZONE_COND_EMPTY,
	       "disk zones 5 and 6 are full, zone 1 is not");

	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_RESET, 7 * ZB, 2 * ZB),
		   -EINVAL, "a range past the partition end");
	tap_eq_int(f->mgmt_calls, 1, "sends nothing");

	tap_eq_int(blkzone_zone_op_all(dev, BLKZONE_OP_FINISH), 0,
		   "finish all zones of the partition");
	tap_ok(f->last_sector == 4 * ZS && f->last_nr_sectors == 8 * ZS,
	       "one request for the partition");
	for (i = 0, full = 0; i < NR; i++)
		full += f->zones[i].cond == BLK_ZONE_COND_FULL;
	tap_eq_int(full, 8, "eight zones full");
	tap_ok(f->zones[3].cond == BLK_ZONE_COND_EMPTY &&
	       f->zones[12].cond == BLK_ZONE_COND_EMPTY,
	       "the zones around the partition are not");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
