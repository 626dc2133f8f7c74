// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_zone_write() writes at the write pointer, which then moves by
 * the data written, and the data reads back; writing to the zone capacity
 * makes the zone full, and a full zone takes no more.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"

int main(int argc, char **argv)
{
	unsigned char *a, *b, *back;
	struct case_dev c;
	uint64_t start, zcap, lbs;
	size_t s, s1;
	int64_t n;

	case_open(&c, argc, argv, false);
	s = case_seq(&c, 0);
	start = c.zones[s].start;
	zcap = c.zones[s].capacity;
	lbs = c.lbs;
	a = case_buf(3 * lbs, -1);
	b = case_buf(2 * lbs, 0xa5);
	back = case_buf(5 * lbs, 0);

	tap_eq_errno(blkzone_zone_write(c.dev, start, a, 3 * lbs), 3 * lbs,
		     "write three blocks into zone %zu", s);
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, 3 * lbs, "written");
	tap_eq_errno(blkzone_zone_write(c.dev, start, b, 2 * lbs), 2 * lbs,
		     "write two more");
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, 5 * lbs, "written again");
	tap_eq_errno(blkzone_read(c.dev, start, back, 5 * lbs), 5 * lbs, "read them back");
	tap_ok(!memcmp(back, a, 3 * lbs) && !memcmp(back + 3 * lbs, b, 2 * lbs),
	       "the data is what was written, in order");
	tap_eq_errno(blkzone_zone_write(c.dev, start, a, 0), 0, "a write of nothing gives 0");
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, 5 * lbs, "and moves nothing");

	/* Fill the next sequential zone to its capacity. */
	s1 = case_seq(&c, 1);
	if (s1 < c.nr) {
		uint64_t s1start = c.zones[s1].start, s1cap = c.zones[s1].capacity;
		unsigned char *fill = case_buf(s1cap, -1);
		struct blkzone_zone full;

		tap_eq_errno(blkzone_zone_write(c.dev, s1start, fill, s1cap - lbs),
			     (long long)(s1cap - lbs), "zone %zu: all but one block of its capacity", s1);
		tap_eq_errno(blkzone_zone_write(c.dev, s1start, fill, 2 * lbs), -ENOSPC,
			     "two blocks more than fit: -ENOSPC");
		tap_eq_errno(blkzone_zone_write(c.dev, s1start, fill, lbs), lbs, "the last block");
		full = case_zone(&c, s1);
		/*
		 * ZBC leaves a full zone's write pointer undefined: images and
		 * most drivers put it at the zone end, but the stock kernel's
		 * null_blk leaves it at the capacity when writes filled it.
		 */
		tap_ok(full.cond == BLKZONE_COND_FULL &&
		       (full.wp - full.start == full.len ||
			full.wp - full.start == full.capacity),
		       "a zone written to its capacity is full, the write pointer at its end or capacity");
		if (full.cond != BLKZONE_COND_FULL || full.wp - full.start != full.len)
			tap_diag("zone %zu: condition 0x%x, write pointer at +%llu",
				 s1, full.cond, (unsigned long long)(full.wp - full.start));
		tap_eq_errno(blkzone_zone_write(c.dev, s1start, fill, lbs), -ENOSPC,
			     "a write to the full zone: -ENOSPC");
		free(fill);
	} else {
		tap_skip(1, "only one sequential zone");
	}
	n = blkzone_zone_write(c.dev, start, a, zcap);
	tap_eq_errno(n, -ENOSPC, "zone %zu: a write past its capacity: -ENOSPC", s);
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, 5 * lbs, "the refused write moved nothing");
	free(a);
	free(b);
	free(back);
	return case_finish(&c);
}
