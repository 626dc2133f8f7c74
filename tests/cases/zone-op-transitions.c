// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reset, open, close and finish move a sequential zone through the ZBC
 * conditions, with the write pointer where ZBC puts it.  An open zone
 * closed with nothing written becomes empty in ZBC; NVMe may keep it closed,
 * which the guest's NVMe setups say with $EXPECT_CLOSED_EMPTY.
 */
#include "config.h"

#include <stdlib.h>

#include "case.h"

int main(int argc, char **argv)
{
	const char *closed_env = getenv("EXPECT_CLOSED_EMPTY");
	bool closed_empty = closed_env && *closed_env;
	struct case_dev c;
	uint64_t start, len, lbs;
	size_t s;
	void *buf;

	case_open(&c, argc, argv, false);
	s = case_seq(&c, 0);
	start = c.zones[s].start;
	len = c.zones[s].len;
	lbs = c.lbs;
	buf = case_buf(2 * lbs, -1);

#define OP(op, what) tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_##op, start, len), 0, what)
	OP(OPEN, "open an empty zone");
	case_zone_is(&c, s, BLKZONE_COND_EXP_OPEN, 0, "opened");
	OP(CLOSE, "close it with nothing written");
	/* ZBC empties it; NVMe may leave it closed ($EXPECT_CLOSED_EMPTY). */
	case_zone_is(&c, s, closed_empty ? BLKZONE_COND_CLOSED : BLKZONE_COND_EMPTY, 0,
		     "closed while empty");
	tap_eq_errno(blkzone_zone_write(c.dev, start, buf, lbs), lbs, "write a block");
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, lbs, "written");
	OP(CLOSE, "close it");
	case_zone_is(&c, s, BLKZONE_COND_CLOSED, lbs, "closed");
	tap_eq_errno(blkzone_zone_write(c.dev, start, buf, lbs), lbs, "write a block to the closed zone");
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, 2 * lbs, "written again");
	OP(OPEN, "open it explicitly");
	case_zone_is(&c, s, BLKZONE_COND_EXP_OPEN, 2 * lbs, "explicitly opened");
	tap_eq_errno(blkzone_zone_write(c.dev, start, buf, lbs), lbs,
		     "write a block to the explicitly open zone");
	case_zone_is(&c, s, BLKZONE_COND_EXP_OPEN, 3 * lbs, "stays explicitly open");
	OP(CLOSE, "close it");
	case_zone_is(&c, s, BLKZONE_COND_CLOSED, 3 * lbs, "closed");
	OP(OPEN, "open the closed zone");
	case_zone_is(&c, s, BLKZONE_COND_EXP_OPEN, 3 * lbs, "reopened");
	OP(FINISH, "finish it");
	case_zone_is(&c, s, BLKZONE_COND_FULL, len, "finished");
	OP(RESET, "reset it");
	case_zone_is(&c, s, BLKZONE_COND_EMPTY, 0, "reset");
	OP(FINISH, "finish the empty zone");
	case_zone_is(&c, s, BLKZONE_COND_FULL, len, "finished while empty");
	OP(RESET, "reset it");
	case_zone_is(&c, s, BLKZONE_COND_EMPTY, 0, "reset");
	OP(RESET, "reset the empty zone");
	case_zone_is(&c, s, BLKZONE_COND_EMPTY, 0, "still empty");
#undef OP

	/* Operations on two zones at once act on both. */
	if (case_seq(&c, 1) == s + 1) {
		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_FINISH, start,
					     len + c.zones[s + 1].len), 0,
			     "finish zones %zu and %zu in one call", s, s + 1);
		case_zone_is(&c, s, BLKZONE_COND_FULL, len, "finished");
		case_zone_is(&c, s + 1, BLKZONE_COND_FULL, c.zones[s + 1].len, "finished");
		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, start,
					     len + c.zones[s + 1].len), 0,
			     "reset both in one call");
		case_zone_is(&c, s, BLKZONE_COND_EMPTY, 0, "reset");
		case_zone_is(&c, s + 1, BLKZONE_COND_EMPTY, 0, "reset");
	}

	/* The last zone, which may be smaller, ends at the device end. */
	if (c.zones[c.nr - 1].type != BLKZONE_TYPE_CONVENTIONAL) {
	tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_FINISH, c.zones[c.nr - 1].start,
				     c.zones[c.nr - 1].len), 0, "finish the last zone");
	case_zone_is(&c, c.nr - 1, BLKZONE_COND_FULL, c.zones[c.nr - 1].len, "finished");
	}
	free(buf);
	return case_finish(&c);
}
