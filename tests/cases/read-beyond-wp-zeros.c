// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reads past the write pointer of a zone that was reset give zeros, after
 * data written before the reset; reads across the write pointer give the
 * data, then zeros.  Zone images and SCSI disks give zeros; null_blk fills
 * such reads with 0xff instead, which the guest says with
 * $UNWRITTEN_FILL=0xff (images ignore it: they always give zeros).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "case.h"

static int fill;

static void zeros(const unsigned char *p, size_t len, const char *what)
{
	size_t i;

	for (i = 0; i < len && p[i] == fill; i++)
		;
	if (!tap_ok(i == len, "%s (0x%02x)", what, fill))
		tap_diag("byte %zu is 0x%02x", i, p[i]);
}

int main(int argc, char **argv)
{
	unsigned char *buf, *back;
	struct case_dev c;
	uint64_t start, lbs;
	size_t s;

	case_open(&c, argc, argv, false);
	if (!c.image && getenv("UNWRITTEN_FILL"))
		fill = (int)strtol(getenv("UNWRITTEN_FILL"), NULL, 0);
	tap_diag("unwritten blocks should read as 0x%02x", fill);
	s = case_seq(&c, 0);
	start = c.zones[s].start;
	lbs = c.lbs;
	buf = case_buf(8 * lbs, -1);
	back = case_buf(8 * lbs, fill ^ 0x5a);

	/* Leave data behind, so that zeros are not merely what was there. */
	tap_eq_errno(blkzone_zone_write(c.dev, start, buf, 8 * lbs), 8 * lbs,
		     "write eight blocks into zone %zu", s);
	tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, start, c.zones[s].len), 0,
		     "reset it");
	tap_eq_errno(blkzone_read(c.dev, start, back, 8 * lbs), 8 * lbs,
		     "read the blocks of the empty zone");
	zeros(back, 8 * lbs, "they are zeros");

	tap_eq_errno(blkzone_zone_write(c.dev, start, buf, 2 * lbs), 2 * lbs, "write two blocks");
	memset(back, fill ^ 0x5a, 8 * lbs);
	tap_eq_errno(blkzone_read(c.dev, start, back, 8 * lbs), 8 * lbs,
		     "read eight blocks across the write pointer");
	tap_ok(!memcmp(back, buf, 2 * lbs), "the first two are the data");
	zeros(back + 2 * lbs, 6 * lbs, "the rest are zeros");

	memset(back, fill ^ 0x5a, 8 * lbs);
	tap_eq_errno(blkzone_read(c.dev, start + c.zones[s].capacity - lbs, back, lbs), lbs,
		     "read the last block of the capacity");
	zeros(back, lbs, "zeros");
	free(buf);
	free(back);
	return case_finish(&c);
}
