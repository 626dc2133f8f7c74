// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A full report, through the iterator, covers the device with contiguous
 * zones of the zone size (only the last may be smaller), of the types the
 * model allows, all empty after a reset.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "case.h"

int main(int argc, char **argv)
{
	struct blkzone_report_opts opts = { 0 };
	struct blkzone_report_iter *it;
	struct blkzone_zone z;
	struct case_dev c;
	uint64_t next = 0;
	size_t n = 0, bad_len = 0, bad_type = 0, bad_cond = 0, bad_cap = 0;
	unsigned int seq_type;
	int ret;

	case_open(&c, argc, argv, false);
	seq_type = c.hm ? BLKZONE_TYPE_SEQWRITE_REQ : BLKZONE_TYPE_SEQWRITE_PREF;

	ret = blkzone_report_start(c.dev, &opts, &it);
	if (!tap_eq_errno(ret, 0, "blkzone_report_start"))
		return case_finish(&c);
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		if (z.start != next && !n)
			tap_diag("first zone starts at %llu",
				 (unsigned long long)z.start);
		if (z.start != next)
			break;
		next = z.start + z.len;
		if (z.len != c.info.zone_size && next != c.info.capacity)
			bad_len++;
		if (z.len > c.info.zone_size)
			bad_len++;
		if (z.capacity > z.len || !z.capacity || z.capacity % c.lbs)
			bad_cap++;
		if (z.type == BLKZONE_TYPE_CONVENTIONAL) {
			if (z.cond != BLKZONE_COND_NOT_WP)
				bad_cond++;
			if (z.capacity != z.len)
				bad_cap++;
		} else if (z.type != seq_type) {
			bad_type++;
		} else if (z.cond != BLKZONE_COND_EMPTY || z.wp != z.start) {
			bad_cond++;
		}
		n++;
	}
	tap_eq_errno(ret, 0, "the iterator ends with 0");
	tap_ok(!blkzone_report_was_cached(it), "a device report is not cached");
	blkzone_report_end(it);

	tap_eq_errno((long long)n, c.info.nr_zones, "as many zones as info.nr_zones");
	tap_eq_errno((long long)next, (long long)c.info.capacity,
		     "contiguous zones cover the device");
	tap_eq_errno((long long)bad_len, 0,
		     "every zone has the zone size, the last one at most");
	tap_eq_errno((long long)bad_type, 0, "sequential zones are %s",
		     blkzone_type_name(seq_type, false));
	tap_eq_errno((long long)bad_cap, 0,
		     "capacities are whole blocks within the zone (conventional: the zone size)");
	tap_eq_errno((long long)bad_cond, 0,
		     "after a reset: sequential zones empty at their start, conventional not write pointer");
	tap_eq_errno((long long)c.zones[c.nr - 1].start + (long long)c.zones[c.nr - 1].len,
		     (long long)c.info.capacity, "blkzone_report_zones() agrees on the end");

	opts.offset = c.zones[c.nr - 1].start;
	ret = blkzone_report_start(c.dev, &opts, &it);
	if (tap_eq_errno(ret, 0, "a report from the last zone starts")) {
		tap_eq_errno(blkzone_report_next(it, &z), 1, "and gives one zone");
		tap_eq_errno(blkzone_report_next(it, &z), 0, "and only one");
		blkzone_report_end(it);
	}
	opts.offset = c.info.capacity;
	tap_eq_errno(blkzone_report_start(c.dev, &opts, &it), -EINVAL,
		     "a report from the end of the device: -EINVAL");
	return case_finish(&c);
}
