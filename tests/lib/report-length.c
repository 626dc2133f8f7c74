// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A length bounds the report to the zones that overlap the range, and the
 * buffer is sized for the range, not for a full batch.
 */
#include "config.h"

#include "fake-dev.h"
#include "tap.h"

#define NR	1000
#define ZS	4096ULL
#define ZB	(ZS * 512)

int main(void)
{
	static struct blkzone_zone z[NR];
	struct blkzone_report_opts opts = { 0 };
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	long n;

	tap_plan(8);
	fake_open(f, &dev);

	opts.offset = 3 * ZB;
	opts.length = 2 * ZB + ZB / 2;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 3, "two and a half zones");
	tap_ok(n == 3 && z[0].start == 3 * ZB && z[2].start == 5 * ZB,
	       "zones 3 to 5");
	tap_ok(f->max_request <= 3, "largest request %u zones", f->max_request);

	opts.length = 512;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 1, "one sector");

	opts.offset = 3 * ZB + ZB - 512;
	opts.length = 1024;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 2, "two sectors across a zone boundary");

	opts.offset = 0;
	opts.length = UINT64_MAX;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, NR, "a length past the end stops at the end");

	opts.offset = 990 * ZB;
	opts.length = 0;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 10, "length 0: to the end");

	opts.offset = 0;
	opts.length = 1;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 1, "one byte");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
