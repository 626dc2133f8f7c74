// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_report_zones() returns, in an array it allocates, the zones the
 * iterator gives; with no zone it stores NULL, and on error it leaves
 * *zonesp alone.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "case.h"

int main(int argc, char **argv)
{
	struct blkzone_report_opts o = { 0 };
	struct blkzone_report_iter *it;
	struct blkzone_zone *zones, z, sentinel;
	struct case_dev c;
	size_t s0, mismatch = 0, i = 0;
	int64_t n;
	void *buf;
	int ret;

	case_open(&c, argc, argv, false);
	s0 = case_seq(&c, 0);
	buf = case_buf(c.lbs, -1);
	tap_eq_errno(blkzone_zone_write(c.dev, c.zones[s0].start, buf, c.lbs), c.lbs,
		     "write one block into zone %zu", s0);
	free(buf);

	n = blkzone_report_zones(c.dev, &o, &zones);
	tap_eq_errno(n, c.nr, "all zones");
	ret = blkzone_report_start(c.dev, &o, &it);
	if (ret == 0 && n > 0) {
		while ((ret = blkzone_report_next(it, &z)) > 0) {
			if ((int64_t)i >= n || !case_zone_eq(&z, &zones[i]))
				mismatch++;
			i++;
		}
		blkzone_report_end(it);
	}
	tap_ok(ret == 0 && !mismatch && (int64_t)i == n,
	       "the array holds the iterator's zones, in order");
	tap_eq_errno(n > 0 ? zones[s0].cond : 0, BLKZONE_COND_IMP_OPEN,
		     "zone %zu is implicitly open in the array", s0);
	if (n > 0)
		free(zones);

	o.offset = c.zones[s0].start;
	o.length = c.info.zone_size;
	n = blkzone_report_zones(c.dev, &o, &zones);
	tap_ok(n == 1 && zones[0].start == c.zones[s0].start,
	       "a one-zone range gives zone %zu", s0);
	if (n > 0)
		free(zones);

	o = (struct blkzone_report_opts){
		.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_FULL) };
	zones = &sentinel;
	n = blkzone_report_zones(c.dev, &o, &zones);
	tap_eq_errno(n, 0, "no full zone: 0 zones");
	tap_ok(zones == NULL, "and a NULL array");

	o = (struct blkzone_report_opts){ .offset = c.info.capacity };
	zones = &sentinel;
	tap_eq_errno(blkzone_report_zones(c.dev, &o, &zones), -EINVAL,
		     "an offset at the end: -EINVAL");
	tap_ok(zones == &sentinel, "which leaves the pointer alone");
	o = (struct blkzone_report_opts){ .reserved0 = 1 };
	tap_eq_errno(blkzone_report_zones(c.dev, &o, &zones), -EINVAL,
		     "a reserved field set: -EINVAL");
	tap_eq_errno(blkzone_report_zones(c.dev, NULL, NULL), -EINVAL, "no zonesp: -EINVAL");

	n = blkzone_report_zones(c.dev, NULL, &zones);
	tap_eq_errno(n, c.nr, "NULL options: every zone");
	if (n > 0) {
		tap_ok(zones[n - 1].start + zones[n - 1].len == c.info.capacity,
		       "the last one ends the device");
		free(zones);
	}
	return case_finish(&c);
}
