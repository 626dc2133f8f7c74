// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A write that does not start at the write pointer: a host-managed device
 * refuses it with -EIO and keeps the zone as it was; a host-aware one
 * takes it, and the write pointer moves to the end of a write past it.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"

int main(int argc, char **argv)
{
	unsigned char *buf, *back;
	struct case_dev c;
	uint64_t start, lbs;
	size_t s;

	case_open(&c, argc, argv, false);
	s = case_seq(&c, 0);
	start = c.zones[s].start;
	lbs = c.lbs;
	buf = case_buf(2 * lbs, -1);
	back = case_buf(2 * lbs, 0);

	ct_eq(blkzone_write(c.dev, start, buf, lbs), lbs, "a write at the write pointer");
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, lbs, "written");

	if (c.hm) {
		ct_eq(blkzone_write(c.dev, start + 2 * lbs, buf, lbs), -EIO,
		      "host-managed: a write past the write pointer: -EIO");
		ct_eq(blkzone_write(c.dev, start, buf, lbs), -EIO,
		      "host-managed: a write before the write pointer: -EIO");
		case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, lbs, "unchanged");
		ct_eq(blkzone_write(c.dev, c.zones[case_seq(&c, 1) < c.nr ?
				      case_seq(&c, 1) : s].start + lbs, buf, lbs),
		      -EIO, "host-managed: a write inside an empty zone: -EIO");
	} else {
		ct_eq(blkzone_write(c.dev, start + 2 * lbs, buf, lbs), lbs,
		      "host-aware: a write past the write pointer is taken");
		case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, 3 * lbs,
			     "the write pointer moved to its end");
		ct_eq(blkzone_write(c.dev, start, buf + lbs, lbs), lbs,
		      "host-aware: a write below the write pointer is taken");
		case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, 3 * lbs,
			     "the write pointer stays");
		ct_eq(blkzone_read(c.dev, start, back, lbs), lbs, "read the first block");
		ct_ok(!memcmp(back, buf + lbs, lbs), "it holds the overwrite");
	}
	free(buf);
	free(back);
	return case_finish(&c);
}
