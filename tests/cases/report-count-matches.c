// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_report_count() gives the number of zones the same report gives
 * through the iterator, for ranges, filters and cached reports, on a
 * device with zones in several conditions.
 */
#include "config.h"

#include <stdlib.h>

#include "case.h"

static int64_t iterate(struct case_dev *c, const struct blkzone_report_opts *o)
{
	struct blkzone_report_iter *it;
	struct blkzone_zone z;
	int64_t n = 0;
	int ret;

	ret = blkzone_report_start(c->dev, o, &it);
	if (ret)
		return ret;
	while ((ret = blkzone_report_next(it, &z)) > 0)
		n++;
	blkzone_report_end(it);
	return ret < 0 ? ret : n;
}

int main(int argc, char **argv)
{
	static const char *const names[] = {
		"everything", "from the middle", "two zones", "max_zones 3",
		"empty", "active", "implicitly open", "full", "conventional",
		"sequential and active",
	};
	struct blkzone_report_opts opts[10];
	struct case_dev c;
	size_t s0, s1, s2, i, k;
	void *buf;

	case_open(&c, argc, argv, false);
	s0 = case_seq(&c, 0);
	s1 = case_seq(&c, 1);
	s2 = case_seq(&c, 2);
	buf = case_buf(2 * c.lbs, -1);
	tap_eq_errno(blkzone_zone_write(c.dev, c.zones[s0].start, buf, 2 * c.lbs),
		     2 * c.lbs, "write two blocks into zone %zu", s0);
	if (s1 < c.nr)
		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_OPEN, c.zones[s1].start,
					     c.zones[s1].len), 0, "open zone %zu", s1);
	if (s2 < c.nr)
		tap_eq_errno(blkzone_zone_op(c.dev, BLKZONE_OP_FINISH, c.zones[s2].start,
					     c.zones[s2].len), 0, "finish zone %zu", s2);
	free(buf);

	for (i = 0; i < 10; i++)
		opts[i] = (struct blkzone_report_opts){ 0 };
	opts[1].offset = c.zones[c.nr / 2].start + c.lbs;
	opts[2].offset = c.zones[s0].start;
	opts[2].length = 2 * c.info.zone_size;
	opts[3].max_zones = 3;
	opts[4].cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_EMPTY);
	opts[5].cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_ACTIVE);
	opts[6].cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_IMP_OPEN);
	opts[7].cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_FULL);
	opts[8].type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_CONVENTIONAL);
	opts[9].type_mask = BLKZONE_TYPE_BIT(c.zones[s0].type);
	opts[9].cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_ACTIVE);

	for (k = 0; k < 2; k++) {
		for (i = 0; i < 10; i++) {
			int64_t want, got;

			opts[i].flags = k ? BLKZONE_REPORT_CACHED : 0;
			want = iterate(&c, &opts[i]);
			got = blkzone_report_count(c.dev, &opts[i]);
			tap_ok(want >= 0 && got == want, "%s report, %s: count %lld equals the iterator's %lld",
			       k ? "cached" : "device", names[i], (long long)got, (long long)want);
		}
	}
	/* Known values, so that a count and an iterator that agree on a
	   wrong answer still fail. */
	tap_eq_errno(blkzone_report_count(c.dev, &opts[0]), c.nr, "count of everything: %zu", c.nr);
	tap_eq_errno(blkzone_report_count(c.dev, &opts[5]), 1 + (s1 < c.nr),
		     "active: the written and the opened zone");
	tap_eq_errno(blkzone_report_count(c.dev, &opts[7]), s2 < c.nr,
		     "full: the finished zone");
	tap_eq_errno(blkzone_report_count(c.dev, &opts[8]), c.nr_conv, "conventional: %zu", c.nr_conv);
	return case_finish(&c);
}
