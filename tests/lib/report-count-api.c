// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_report_count() gives the number of zones the same report gives
 * through the iterator, for every kind of range and filter.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	9000
#define ZS	256ULL
#define ZB	(ZS * 512)

static struct blkzone_zone z[NR];

static void same(struct blkzone_dev *dev, const struct blkzone_report_opts *o,
		 const char *what)
{
	long want = fake_collect(dev, o, z, NR, NULL);
	int64_t got = blkzone_report_count(dev, o);

	tap_ok(want > 0 && got == want, "%s: %lld zones, report %ld", what,
	       (long long)got, want);
}

int main(void)
{
	struct blkzone_report_opts opts = { 0 };
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	unsigned int i;

	tap_plan(13);
	fake_set_conventional(f, 10);
	fake_set_last_zone_len(f, ZS / 2);
	for (i = 10; i < NR; i += 3)
		f->zones[i].cond = BLK_ZONE_COND_FULL;
	for (i = 11; i < NR; i += 7)
		f->zones[i].cond = BLK_ZONE_COND_CLOSED;
	f->has_cached = true;
	fake_open(f, &dev);

	tap_eq_int(blkzone_report_count(dev, NULL), NR, "every zone");
	same(dev, NULL, "no options");
	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_FULL);
	same(dev, &opts, "full zones");
	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_CLOSED);
	opts.flags = BLKZONE_REPORT_CACHED;
	same(dev, &opts, "closed zones, cached");
	opts.flags = 0;
	opts.cond_mask = 0;
	opts.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_CONVENTIONAL);
	same(dev, &opts, "conventional zones");
	opts.type_mask = 0;
	opts.offset = 4500 * ZB + 4096;
	same(dev, &opts, "from inside a zone");
	opts.length = 3 * ZB;
	same(dev, &opts, "a length");
	opts.length = 0;
	opts.max_zones = 4097;
	same(dev, &opts, "max_zones over a batch");
	opts.offset = 0;
	opts.max_zones = 0;
	opts.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_REQ);
	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_EMPTY);
	same(dev, &opts, "empty sequential zones");

	opts.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_PREF);
	tap_eq_int(blkzone_report_count(dev, &opts), 0,
		   "no zone matches: 0");

	opts.type_mask = 0;
	opts.offset = fake_disk_bytes(f);
	tap_eq_int(blkzone_report_count(dev, &opts), -EINVAL,
		   "offset at the end: -EINVAL");
	opts.offset = 0;
	f->fail_call = f->calls + 2;
	f->fail_err = -EIO;
	tap_eq_int(blkzone_report_count(dev, &opts), -EIO,
		   "an error in a later batch");
	tap_eq_int(blkzone_report_count(NULL, NULL), -EINVAL, "NULL handle");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
