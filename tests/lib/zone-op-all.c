// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_zone_op_all() is one request for the whole device: for a reset,
 * the reset of all zones, which leaves conventional, read-only and offline
 * zones alone.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	16
#define ZS	128ULL
#define ZB	(ZS * 512)
#define LAST	40ULL

int main(void)
{
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	unsigned int i, empty;

	tap_plan(12);
	fake_set_conventional(f, 2);
	fake_set_last_zone_len(f, LAST);
	for (i = 2; i < NR; i++) {
		f->zones[i].wp = f->zones[i].start + 8;
		f->zones[i].cond = i % 2 ? BLK_ZONE_COND_CLOSED :
					   BLK_ZONE_COND_IMP_OPEN;
	}
	f->zones[5].cond = BLK_ZONE_COND_READONLY;
	f->zones[6].cond = BLK_ZONE_COND_OFFLINE;
	fake_open(f, &dev);

	tap_eq_int(blkzone_zone_op_all(dev, BLKZONE_OP_RESET), 0, "reset all");
	tap_eq_int(f->mgmt_calls, 1, "one request");
	tap_eq_int(f->last_op, BLKZONE_OP_RESET, "a reset");
	tap_eq_u64(f->last_sector, 0, "from sector 0");
	tap_eq_u64(f->last_nr_sectors, (NR - 1) * ZS + LAST,
		   "over the whole capacity, smaller last zone included");
	for (i = 0, empty = 0; i < NR; i++)
		empty += f->zones[i].cond == BLK_ZONE_COND_EMPTY &&
			 f->zones[i].wp == f->zones[i].start;
	tap_eq_int(empty, NR - 4, "every writable sequential zone is empty");
	tap_ok(f->zones[0].cond == BLK_ZONE_COND_NOT_WP &&
	       f->zones[1].cond == BLK_ZONE_COND_NOT_WP,
	       "conventional zones untouched");
	tap_ok(f->zones[5].cond == BLK_ZONE_COND_READONLY &&
	       f->zones[6].cond == BLK_ZONE_COND_OFFLINE,
	       "read-only and offline zones untouched");

	/* Other operations have no "all" form: the device refuses them. */
	tap_eq_int(blkzone_zone_op_all(dev, BLKZONE_OP_FINISH), -EIO,
		   "finish all on a device with conventional zones");
	tap_eq_int(f->mgmt_calls, 2, "was still one request");
	tap_ok(f->last_op == BLKZONE_OP_FINISH && f->last_sector == 0 &&
	       f->last_nr_sectors == (NR - 1) * ZS + LAST,
	       "for the whole device");
	blkzone_close(dev);
	fake_free(f);

	f = fake_new(NR, ZS);
	fake_open(f, &dev);
	blkzone_zone_op_all(dev, BLKZONE_OP_FINISH);
	for (i = 0, empty = 0; i < NR; i++)
		empty += f->zones[i].cond == BLK_ZONE_COND_FULL;
	tap_eq_int(empty, NR, "finish all on sequential zones only");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
