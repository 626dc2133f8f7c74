// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reads past the write pointer of a zone that was reset give zeros, after
 * data written before the reset; reads across the write pointer give the
 * data, then zeros.
 */
#include "config.h"

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
	buf = case_buf(8 * lbs, -1);
	back = case_buf(8 * lbs, 0xff);

	/* Leave data behind, so that zeros are not merely what was there. */
	ct_eq(blkzone_zone_write(c.dev, start, buf, 8 * lbs), 8 * lbs,
	      "write eight blocks into zone %zu", s);
	ct_eq(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, start, c.zones[s].len), 0,
	      "reset it");
	ct_eq(blkzone_read(c.dev, start, back, 8 * lbs), 8 * lbs,
	      "read the blocks of the empty zone");
	ct_ok(case_all_zero(back, 8 * lbs), "they are zeros");

	ct_eq(blkzone_zone_write(c.dev, start, buf, 2 * lbs), 2 * lbs, "write two blocks");
	memset(back, 0xff, 8 * lbs);
	ct_eq(blkzone_read(c.dev, start, back, 8 * lbs), 8 * lbs,
	      "read eight blocks across the write pointer");
	ct_ok(!memcmp(back, buf, 2 * lbs), "the first two are the data");
	ct_ok(case_all_zero(back + 2 * lbs, 6 * lbs), "the rest are zeros");

	memset(back, 0xff, 8 * lbs);
	ct_eq(blkzone_read(c.dev, start + c.zones[s].capacity - lbs, back, lbs), lbs,
	      "read the last block of the capacity");
	ct_ok(case_all_zero(back, lbs), "zeros");
	free(buf);
	free(back);
	return case_finish(&c);
}
