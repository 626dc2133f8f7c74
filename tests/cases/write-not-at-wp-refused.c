// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A write that does not start at the write pointer: a host-managed device
 * refuses it with -EIO (-EREMOTEIO from SCSI disks) and keeps the zone as it was; a host-aware one
 * takes it, and the write pointer moves to the end of a write past it.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"

/*
 * Images and null_blk give -EIO; SCSI disks -EREMOTEIO, Linux's error for
 * the ILLEGAL REQUEST sense the disk answers with.
 */
static void refused(int64_t ret, const char *what)
{
	if (!tap_ok(ret == -EIO || ret == -EREMOTEIO, "%s", what))
		tap_diag("got %lld, expected -EIO or -EREMOTEIO", (long long)ret);
}

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

	tap_eq_errno(blkzone_write(c.dev, start, buf, lbs), lbs, "a write at the write pointer");
	case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, lbs, "written");

	if (c.hm) {
		refused(blkzone_write(c.dev, start + 2 * lbs, buf, lbs),
			"host-managed: a write past the write pointer is refused");
		refused(blkzone_write(c.dev, start, buf, lbs),
			"host-managed: a write before the write pointer is refused");
		case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, lbs, "unchanged");
		if (case_seq(&c, 1) < c.nr)
			refused(blkzone_write(c.dev, c.zones[case_seq(&c, 1)].start + lbs,
					      buf, lbs),
				"host-managed: a write inside an empty zone is refused");
	} else {
		tap_eq_errno(blkzone_write(c.dev, start + 2 * lbs, buf, lbs), lbs,
			     "host-aware: a write past the write pointer is taken");
		case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, 3 * lbs,
			     "the write pointer moved to its end");
		tap_eq_errno(blkzone_write(c.dev, start, buf + lbs, lbs), lbs,
			     "host-aware: a write below the write pointer is taken");
		case_zone_is(&c, s, BLKZONE_COND_IMP_OPEN, 3 * lbs,
			     "the write pointer stays");
		tap_eq_errno(blkzone_read(c.dev, start, back, lbs), lbs, "read the first block");
		tap_ok(!memcmp(back, buf + lbs, lbs), "it holds the overwrite");
	}
	free(buf);
	free(back);
	return case_finish(&c);
}
