// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reset, open, close and finish reach the device as one request for the
 * whole range, in disk sectors, and the zones end in the conditions and
 * write pointers ZBC gives them.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	8
#define ZS	256ULL
#define ZB	(ZS * 512)

static void write_some(struct fake_dev *f, unsigned int i, uint64_t sectors)
{
	f->zones[i].wp = f->zones[i].start + sectors;
	f->zones[i].cond = BLK_ZONE_COND_IMP_OPEN;
}

int main(void)
{
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;

	tap_plan(27);
	write_some(f, 1, 8);
	fake_open(f, &dev);

	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_CLOSE, 1 * ZB, ZB), 0,
		   "close a written zone");
	tap_eq_int(f->mgmt_calls, 1, "one request");
	tap_ok(f->last_op == BLKZONE_OP_CLOSE && f->last_sector == ZS &&
	       f->last_nr_sectors == ZS, "for zone 1, in sectors");
	tap_eq_int(f->zones[1].cond, BLK_ZONE_COND_CLOSED, "it is closed");
	tap_eq_u64(f->zones[1].wp, ZS + 8, "its write pointer stays");

	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_OPEN, 2 * ZB, 3 * ZB), 0,
		   "open three empty zones");
	tap_eq_int(f->mgmt_calls, 2, "one more request");
	tap_ok(f->last_sector == 2 * ZS && f->last_nr_sectors == 3 * ZS,
	       "for the whole range");
	tap_ok(f->zones[2].cond == BLK_ZONE_COND_EXP_OPEN &&
	       f->zones[3].cond == BLK_ZONE_COND_EXP_OPEN &&
	       f->zones[4].cond == BLK_ZONE_COND_EXP_OPEN,
	       "all three explicitly open");
	tap_eq_int(f->zones[5].cond, BLK_ZONE_COND_EMPTY, "the next untouched");

	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_CLOSE, 2 * ZB, ZB), 0,
		   "close an open zone that holds no data");
	tap_eq_int(f->zones[2].cond, BLK_ZONE_COND_EMPTY, "it becomes empty");

	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_FINISH, 3 * ZB, ZB), 0,
		   "finish an open zone");
	tap_eq_int(f->zones[3].cond, BLK_ZONE_COND_FULL, "it is full");
	tap_eq_u64(f->zones[3].wp, f->zones[3].start + ZS,
		   "write pointer at the zone end");

	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_RESET, 1 * ZB, 3 * ZB), 0,
		   "reset closed, empty and full zones");
	tap_ok(f->zones[1].cond == BLK_ZONE_COND_EMPTY &&
	       f->zones[2].cond == BLK_ZONE_COND_EMPTY &&
	       f->zones[3].cond == BLK_ZONE_COND_EMPTY, "all empty");
	tap_ok(f->zones[1].wp == f->zones[1].start &&
	       f->zones[3].wp == f->zones[3].start,
	       "write pointers back at the zone starts");
	tap_eq_int(f->zones[4].cond, BLK_ZONE_COND_EXP_OPEN,
		   "the zone after the range keeps its condition");
	tap_eq_int(f->mgmt_calls, 5, "five calls, five requests");

	/* Ranges may end at the end of the device. */
	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_FINISH, 6 * ZB, 2 * ZB), 0,
		   "finish the last two zones");
	tap_ok(f->zones[6].cond == BLK_ZONE_COND_FULL &&
	       f->zones[7].cond == BLK_ZONE_COND_FULL, "both full");
	tap_ok(f->last_sector == 6 * ZS && f->last_nr_sectors == 2 * ZS,
	       "request up to the end");

	/* The device's refusal comes back as it is. */
	f->zones[0].cond = BLK_ZONE_COND_OFFLINE;
	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_OPEN, 0, ZB), -EIO,
		   "an offline zone: the device's error");
	f->mgmt_fail_err = -ETIMEDOUT;
	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_RESET, 5 * ZB, ZB),
		   -ETIMEDOUT, "any request error is returned");
	tap_eq_int(f->mgmt_calls, 8, "both reached the device");
	tap_eq_int(f->zones[5].cond, BLK_ZONE_COND_EMPTY, "nothing changed");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
