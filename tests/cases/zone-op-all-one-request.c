// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_zone_op_all() acts on every zone with one request to the device
 * (on a disk, the reset of all zones), whatever the zones' conditions.
 * The requests are counted at the library's backend, so the count holds
 * for images and disks alike.
 */
#include "config.h"

#include <stdlib.h>

#include "blkzone-private.h"
#include "case.h"

static const struct blkzone_ops *real_ops;
static struct blkzone_ops counting_ops;
static unsigned int mgmt_calls;

static int counting_mgmt(struct blkzone_dev *dev, enum blkzone_op op,
			 uint64_t sector, uint64_t nr_sectors)
{
	mgmt_calls++;
	return real_ops->zone_mgmt(dev, op, sector, nr_sectors);
}

static size_t count_cond(struct case_dev *c, unsigned int cond)
{
	struct blkzone_report_opts o = { .cond_mask = BLKZONE_COND_BIT(cond) };

	return (size_t)blkzone_report_count(c->dev, &o);
}

int main(int argc, char **argv)
{
	struct case_dev c;
	size_t i, n = 0;
	void *buf;

	case_open(&c, argc, argv, false);
	real_ops = c.dev->ops;
	counting_ops = *real_ops;
	counting_ops.zone_mgmt = counting_mgmt;
	c.dev->ops = &counting_ops;

	/* Zones in every condition a reset undoes. */
	buf = case_buf(c.lbs, -1);
	for (i = 0; i < 3 && case_seq(&c, i) < c.nr; i++)
		n += blkzone_zone_write(c.dev, c.zones[case_seq(&c, i)].start,
					buf, c.lbs) == c.lbs;
	tap_eq_errno((long long)n, (long long)i, "write a block into %zu zones", i);
	if (case_seq(&c, 3) < c.nr) {
		size_t s = case_seq(&c, 3);

		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_FINISH, c.zones[s].start,
					     c.zones[s].len), 0, "finish zone %zu", s);
	}
	if (case_seq(&c, 4) < c.nr) {
		size_t s = case_seq(&c, 4);

		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_OPEN, c.zones[s].start,
					     c.zones[s].len), 0, "open zone %zu", s);
	}
	tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_CLOSE, c.zones[case_seq(&c, 0)].start,
				     c.zones[case_seq(&c, 0)].len), 0, "close zone %zu",
		     case_seq(&c, 0));
	free(buf);

	mgmt_calls = 0;
	tap_eq_errno(blkzone_zone_op_all(c.dev, BLKZONE_OP_RESET), 0, "reset all zones");
	tap_eq_errno(mgmt_calls, 1, "in one request");
	tap_eq_errno((long long)count_cond(&c, BLKZONE_COND_EMPTY), (long long)c.nr_seq,
		     "every sequential zone is empty");
	tap_eq_errno((long long)count_cond(&c, BLKZONE_COND_NOT_WP), (long long)c.nr_conv,
		     "conventional zones are left as they are");

	mgmt_calls = 0;
	tap_eq_errno(blkzone_zone_op_all(c.dev, BLKZONE_OP_RESET), 0,
		     "reset all zones when all are empty");
	tap_eq_errno(mgmt_calls, 1, "in one request");

	/*
	 * Finish, open and close of every zone only work without conventional
	 * zones: a disk applies them zone by zone and fails on the
	 * conventional ones, having finished the others or not depending on
	 * the driver.
	 */
	if (!c.nr_conv) {
		mgmt_calls = 0;
		tap_eq_errno(blkzone_zone_op_all(c.dev, BLKZONE_OP_FINISH), 0, "finish all zones");
		tap_eq_errno(mgmt_calls, 1, "in one request");
		tap_eq_errno((long long)count_cond(&c, BLKZONE_COND_FULL), (long long)c.nr,
			     "every zone is full");
		mgmt_calls = 0;
		tap_eq_errno(blkzone_zone_op_all(c.dev, BLKZONE_OP_RESET), 0, "reset all zones");
		tap_eq_errno(mgmt_calls, 1, "in one request");
		tap_eq_errno((long long)count_cond(&c, BLKZONE_COND_EMPTY), (long long)c.nr,
			     "every zone is empty");
	} else {
		tap_skip(1, "finish of all zones: the device has conventional zones");
	}
	c.dev->ops = real_ops;
	return case_finish(&c);
}
