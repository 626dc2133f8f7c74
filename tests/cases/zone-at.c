// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_zone_at() gives the zone holding a position, device or cached,
 * from its first byte to its last, and refuses positions at or past the
 * end of the device.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "case.h"

static void check(struct case_dev *c, uint64_t off, size_t want)
{
	struct blkzone_zone z, zc, w = c->zones[want];
	int ret = blkzone_zone_at(c->dev, off, 0, &z);

	tap_ok(ret == 0 && case_zone_eq(&z, &w), "zone at %llu is zone %zu",
	       (unsigned long long)off, want);
	ret = blkzone_zone_at(c->dev, off, BLKZONE_REPORT_CACHED, &zc);
	/* The stock kernel has no cached report: the library asks the device. */
	w.cond = case_fold(w.cond);
	zc.cond = case_fold(zc.cond);
	tap_ok(ret == 0 && case_zone_eq(&zc, &w), "cached: the same zone");
}

int main(int argc, char **argv)
{
	struct blkzone_zone z;
	struct case_dev c;
	size_t s0, last;
	uint64_t zs;
	void *buf;

	case_open(&c, argc, argv, false);
	zs = c.info.zone_size;
	last = c.nr - 1;
	s0 = case_seq(&c, 0);
	buf = case_buf(c.lbs, -1);
	tap_eq_errno(blkzone_zone_write(c.dev, c.zones[s0].start, buf, c.lbs), c.lbs,
		     "write one block into zone %zu", s0);
	free(buf);
	free(c.zones);
	c.nr = case_report(&c, 0, &c.zones);

	check(&c, 0, 0);
	check(&c, c.zones[s0].start, s0);
	check(&c, c.zones[s0].start + zs / 2, s0);
	check(&c, c.zones[s0].start + zs - 1, s0);
	check(&c, c.zones[c.nr / 2].start + 512, c.nr / 2);
	check(&c, c.zones[last].start, last);
	check(&c, c.info.capacity - 1, last);

	tap_eq_errno(blkzone_zone_at(c.dev, c.info.capacity, 0, &z), -EINVAL,
		     "the end of the device: -EINVAL");
	tap_eq_errno(blkzone_zone_at(c.dev, c.info.capacity + zs, 0, &z), -EINVAL,
		     "past the end: -EINVAL");
	tap_eq_errno(blkzone_zone_at(c.dev, 0, 2, &z), -EINVAL, "an unknown flag: -EINVAL");
	tap_eq_errno(blkzone_zone_at(c.dev, 0, 0, NULL), -EINVAL, "no zone: -EINVAL");
	return case_finish(&c);
}
