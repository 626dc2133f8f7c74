// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Report ranges (offset inside a zone, length, max_zones) and condition
 * and type filters give exactly the zones they select.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "case.h"

/* Runs a report; returns the zone count, indexes of the zones in @idx. */
static long run(struct case_dev *c, const struct blkzone_report_opts *o,
		size_t *idx, size_t max)
{
	struct blkzone_report_iter *it;
	struct blkzone_zone z;
	long n = 0;
	int ret;

	ret = blkzone_report_start(c->dev, o, &it);
	if (ret)
		return ret;
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		if ((size_t)n < max)
			idx[n] = (size_t)(z.start / c->info.zone_size);
		n++;
	}
	blkzone_report_end(it);
	return ret < 0 ? ret : n;
}

int main(int argc, char **argv)
{
	struct blkzone_report_opts o;
	struct case_dev c;
	size_t idx[8], mid, s0, s1;
	uint64_t zs;
	void *buf;
	long n;

	case_open(&c, argc, argv, false);
	zs = c.info.zone_size;
	mid = c.nr / 2;

	o = (struct blkzone_report_opts){ .offset = c.zones[mid].start + c.lbs,
					  .length = 2 * zs };
	n = run(&c, &o, idx, 8);
	tap_eq_errno(n, mid + 2 < c.nr ? 3 : (long)(c.nr - mid),
		     "offset inside zone %zu, length of two zones: the zones it touches", mid);
	tap_eq_errno(n > 0 ? (long)idx[0] : -1, (long)mid, "the first is zone %zu", mid);

	o = (struct blkzone_report_opts){ .offset = c.zones[mid].start, .length = zs };
	n = run(&c, &o, idx, 8);
	tap_eq_errno(n, 1, "a length of one zone from a zone start: one zone");

	o = (struct blkzone_report_opts){ .max_zones = 2 };
	n = run(&c, &o, idx, 8);
	tap_eq_errno(n, 2, "max_zones 2: two zones");
	tap_eq_errno(n == 2 ? (long)(idx[0] + idx[1]) : -1, 1, "zones 0 and 1");

	o = (struct blkzone_report_opts){ .offset = c.zones[c.nr - 1].start,
					  .length = c.info.capacity };
	tap_eq_errno(run(&c, &o, idx, 8), 1, "a length past the end stops at the end");

	o = (struct blkzone_report_opts){ .offset = 1 };
	tap_eq_errno(run(&c, &o, idx, 8), -EINVAL, "an offset off a sector: -EINVAL");

	o = (struct blkzone_report_opts){
		.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_CONVENTIONAL) };
	tap_eq_errno(run(&c, &o, idx, 0), (long)c.nr_conv, "type filter: conventional zones");
	o.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_REQ) |
		      BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_PREF);
	tap_eq_errno(run(&c, &o, idx, 0), (long)c.nr_seq, "type filter: sequential zones");

	/* Two zones leave the empty condition: one written, one finished. */
	s0 = case_seq(&c, 0);
	s1 = case_seq(&c, 1);
	buf = case_buf(c.lbs, -1);
	tap_eq_errno(blkzone_zone_write(c.dev, c.zones[s0].start, buf, c.lbs), c.lbs,
		     "write one block into zone %zu", s0);
	if (s1 < c.nr)
		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_FINISH, c.zones[s1].start,
					     c.zones[s1].len), 0, "finish zone %zu", s1);
	free(buf);

	o = (struct blkzone_report_opts){
		.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_EMPTY) };
	tap_eq_errno(run(&c, &o, idx, 0), (long)c.nr_seq - 1 - (s1 < c.nr),
		     "condition filter: the other sequential zones are empty");
	o.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_IMP_OPEN);
	n = run(&c, &o, idx, 8);
	tap_eq_errno(n, 1, "condition filter: one implicitly open zone");
	tap_eq_errno(n == 1 ? (long)idx[0] : -1, (long)s0, "zone %zu", s0);
	if (s1 < c.nr) {
		o.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_FULL);
		n = run(&c, &o, idx, 8);
		tap_eq_errno(n == 1 ? (long)idx[0] : -1, (long)s1,
			     "condition filter: zone %zu is the only full one", s1);
	}
	o.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_NOT_WP);
	tap_eq_errno(run(&c, &o, idx, 0), (long)c.nr_conv,
		     "condition filter: not write pointer is the conventional zones");

	/* Filters apply within the range. */
	o = (struct blkzone_report_opts){
		.offset = c.zones[s0].start, .length = zs,
		.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_EMPTY) };
	tap_eq_errno(run(&c, &o, idx, 0), 0, "a range of zone %zu, filtered on empty: nothing", s0);
	o.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_IMP_OPEN);
	o.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_CONVENTIONAL);
	tap_eq_errno(run(&c, &o, idx, 0), 0, "condition and type filters both apply");

	/* With max_zones, the limit counts zones of the range, not matches. */
	o = (struct blkzone_report_opts){
		.offset = c.zones[s0].start, .max_zones = 1,
		.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_EMPTY) };
	tap_eq_errno(run(&c, &o, idx, 0), 0, "max_zones 1 from zone %zu, filtered on empty: nothing", s0);
	return case_finish(&c);
}
