// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_report_zones() returns in one array what the iterator gives, a
 * NULL array for no zones, and on error frees what it had and leaves the
 * caller's pointer alone.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	5000
#define ZS	128ULL
#define ZB	(ZS * 512)

static struct blkzone_zone want[NR];

int main(void)
{
	struct blkzone_report_opts opts = { 0 };
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_zone *zones, *sentinel = (struct blkzone_zone *)&opts;
	struct blkzone_dev *dev;
	long n;
	int64_t got;
	unsigned int i;

	tap_plan(14);
	fake_set_conventional(f, 3);
	fake_set_last_zone_len(f, 8);
	for (i = 3; i < NR; i += 5) {
		f->zones[i].cond = BLK_ZONE_COND_IMP_OPEN;
		f->zones[i].wp = f->zones[i].start + i % ZS;
	}
	fake_open(f, &dev);

	n = fake_collect(dev, NULL, want, NR, NULL);
	got = blkzone_report_zones(dev, NULL, &zones);
	tap_eq_int(got, NR, "every zone");
	tap_ok(got == n && !memcmp(zones, want, n * sizeof(*zones)),
	       "the same zones as the iterator");
	free(zones);

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_IMP_OPEN);
	opts.offset = 100 * ZB;
	n = fake_collect(dev, &opts, want, NR, NULL);
	got = blkzone_report_zones(dev, &opts, &zones);
	tap_ok(n > 0 && got == n, "filtered: %lld zones", (long long)got);
	tap_ok(got == n && !memcmp(zones, want, n * sizeof(*zones)),
	       "the same as the iterator");
	free(zones);

	opts.offset = (NR - 1) * ZB;
	opts.cond_mask = 0;
	got = blkzone_report_zones(dev, &opts, &zones);
	tap_eq_int(got, 1, "the smaller last zone alone");
	tap_ok(got == 1 && zones[0].len == 8 * 512 &&
	       zones[0].start == (NR - 1) * ZB, "is right");
	free(zones);

	opts.offset = 0;
	opts.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_PREF);
	zones = sentinel;
	tap_eq_int(blkzone_report_zones(dev, &opts, &zones), 0, "no zone");
	tap_ok(zones == NULL, "gives a NULL array");

	opts.type_mask = 0;
	zones = sentinel;
	opts.reserved0 = 1;
	tap_eq_int(blkzone_report_zones(dev, &opts, &zones), -EINVAL,
		   "bad options");
	tap_ok(zones == sentinel, "leave the pointer alone");
	opts.reserved0 = 0;

	/* Fails after several batches, with a grown array to free. */
	f->fail_call = f->calls + 2;
	f->fail_err = -ENXIO;
	tap_eq_int(blkzone_report_zones(dev, &opts, &zones), -ENXIO,
		   "an error in the second batch");
	tap_ok(zones == sentinel, "leaves the pointer alone too");

	tap_eq_int(blkzone_report_zones(dev, NULL, NULL), -EINVAL,
		   "NULL array pointer");
	tap_eq_int(blkzone_report_zones(NULL, NULL, &zones), -EINVAL,
		   "NULL handle");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
