// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_report_zones() takes the zones of an answer in runs: it must
 * judge every zone of a run as the iterator does.  A bad zone in the
 * middle of an answer fails the report with -EIO, a range or a zone count
 * ends the array where the iterator ends, and partitions shift every zone.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	64
#define ZS	256ULL
#define ZB	(ZS * 512)
#define BAD	37

static struct blkzone_zone want[NR];

/* The array and the iterator agree on @opts: the same zones or error. */
static void same_as_iterator(struct blkzone_dev *dev,
			     const struct blkzone_report_opts *opts,
			     int64_t expect, const char *what)
{
	struct blkzone_zone *zones = NULL;
	long n = fake_collect(dev, opts, want, NR, NULL);
	int64_t got = blkzone_report_zones(dev, opts, &zones);

	tap_ok(got == expect && n == expect &&
	       (got <= 0 || !memcmp(zones, want, got * sizeof(*zones))),
	       "%s: %lld zones, the iterator %ld, expected %lld", what,
	       (long long)got, n, (long long)expect);
	if (got > 0)
		free(zones);
}

/* A zone of the middle of the first answer made bad by @spoil. */
static void bad_zone(struct fake_dev *f, struct blkzone_dev *dev,
		     void (*spoil)(struct blk_zone *kz), const char *what)
{
	struct blk_zone keep = f->zones[BAD];

	spoil(&f->zones[BAD]);
	same_as_iterator(dev, NULL, -EIO, what);
	f->zones[BAD] = keep;
}

static void zero_len(struct blk_zone *kz)
{
	kz->len = 0;
}

static void backwards(struct blk_zone *kz)
{
	kz->start -= ZS;
}

static void wraps(struct blk_zone *kz)
{
	kz->len = UINT64_MAX - kz->start + 2;
}

int main(void)
{
	struct blkzone_report_opts opts = { 0 };
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;

	tap_plan(9);
	fake_set_conventional(f, 2);
	f->zones[BAD - 1].cond = BLK_ZONE_COND_FULL;
	f->zones[BAD - 1].wp = UINT64_MAX;
	f->zones[BAD + 1].cond = BLK_ZONE_COND_IMP_OPEN;
	f->zones[BAD + 1].wp = f->zones[BAD + 1].start + 8;
	f->zones[BAD + 1].reset = 1;
	f->zones[BAD + 2].non_seq = 1;
	fake_open(f, &dev);

	same_as_iterator(dev, NULL, NR, "every zone");
	bad_zone(f, dev, zero_len, "a zone of length 0");
	bad_zone(f, dev, backwards, "a zone that goes back");
	bad_zone(f, dev, wraps, "a zone that ends past 2^64 sectors");

	opts.max_zones = BAD;
	same_as_iterator(dev, &opts, BAD, "a zone count");
	opts.max_zones = 0;
	opts.offset = 3 * ZB;
	opts.length = 20 * ZB + 1;
	same_as_iterator(dev, &opts, 21, "a range");
	opts.offset = 0;
	opts.length = 0;
	blkzone_close(dev);

	f->part_start = 8 * ZB;
	f->part_len = 40 * ZB;
	fake_open(f, &dev);
	same_as_iterator(dev, NULL, 40, "a partition");
	f->zones[9].start -= ZS;
	same_as_iterator(dev, NULL, -EIO, "a partition's zone that goes back");
	f->zones[9].start += ZS;
	f->zones[8].start -= 1;
	f->zones[8].len += 1;
	same_as_iterator(dev, NULL, -EIO,
			 "a zone that starts before the partition");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
