// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * After writes, opens, closes and finishes, a cached report gives the
 * zones of a device report with open and closed zones as active.  Where
 * the kernel has no cached report (the stock kernel) the library falls
 * back on a device report, which must then agree once folded.
 */
#include "config.h"

#include <stdlib.h>

#include "case.h"

static void compare(struct case_dev *c, const char *when)
{
	struct blkzone_report_opts o = { .flags = BLKZONE_REPORT_CACHED };
	struct blkzone_report_iter *it;
	struct blkzone_zone *dev_zones, z;
	size_t n, i = 0, diff = 0;
	bool cached = false;
	int ret;

	n = case_report(c, 0, &dev_zones);
	ret = blkzone_report_start(c->dev, &o, &it);
	if (ret == 0) {
		cached = blkzone_report_was_cached(it);
		while ((ret = blkzone_report_next(it, &z)) > 0) {
			struct blkzone_zone d = i < n ? dev_zones[i] : z;

			d.cond = case_fold(d.cond);
			if (!cached)
				z.cond = case_fold(z.cond);
			/* A cached report never holds an open or closed zone. */
			if (i >= n || !case_zone_eq(&z, &d) ||
			    (cached && z.cond != case_fold(z.cond))) {
				if (diff++ < 5)
					tap_diag("zone %zu: cached cond 0x%x wp %llu, device cond 0x%x wp %llu",
						 i, z.cond, (unsigned long long)z.wp,
						 d.cond, (unsigned long long)d.wp);
			}
			i++;
		}
		blkzone_report_end(it);
	}
	tap_ok(ret == 0 && i == n && !diff,
	       "%s: the cached report equals the device report, folded", when);
	tap_eq_errno(cached, c->info.cached_report,
		     "%s: the report was %scached, as info.cached_report says", when,
		     cached ? "" : "not ");
	free(dev_zones);
}

int main(int argc, char **argv)
{
	struct case_dev c;
	size_t s[6], i, k = 0;
	unsigned char *buf;

	case_open(&c, argc, argv, false);
	tap_diag("the kernel %s cached reports", c.info.cached_report ? "has" : "has no");
	for (i = 0; i < 6; i++)
		s[i] = case_seq(&c, i);
	buf = case_buf(4 * c.lbs, -1);
	compare(&c, "after a reset");

	/*
	 * Stay within the open limits: a device may otherwise close a zone
	 * on its own, which a cache would still call active anyway.
	 */
	for (i = 0; i < 4 && s[i] < c.nr; i++)
		k += blkzone_zone_write(c.dev, c.zones[s[i]].start, buf,
					(i + 1) * c.lbs) == (int64_t)((i + 1) * c.lbs);
	tap_eq_errno((long long)k, (long long)i, "write into %zu zones", i);
	compare(&c, "after writes");
	if (s[1] < c.nr)
		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_CLOSE, c.zones[s[1]].start,
					     c.zones[s[1]].len), 0, "close zone %zu", s[1]);
	if (s[2] < c.nr)
		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_FINISH, c.zones[s[2]].start,
					     c.zones[s[2]].len), 0, "finish zone %zu", s[2]);
	if (s[3] < c.nr)
		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_RESET, c.zones[s[3]].start,
					     c.zones[s[3]].len), 0, "reset zone %zu", s[3]);
	if (s[4] < c.nr)
		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_OPEN, c.zones[s[4]].start,
					     c.zones[s[4]].len), 0, "open zone %zu", s[4]);
	compare(&c, "after close, finish, reset and open");
	tap_eq_errno(blkzone_zone_op_all(c.dev, BLKZONE_OP_RESET), 0, "reset all zones");
	compare(&c, "after a reset of all zones");
	free(buf);
	return case_finish(&c);
}
