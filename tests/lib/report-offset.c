// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report starts at the zone that holds the offset; offsets that are not
 * sector multiples or lie past the end are refused with -EINVAL.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	100
#define ZS	1024ULL
#define ZB	(ZS * 512)

int main(void)
{
	struct blkzone_zone z[NR];
	struct blkzone_report_opts opts = { 0 };
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_report_iter *it = NULL;
	struct blkzone_dev *dev;
	long n;

	tap_plan(9);
	fake_open(f, &dev);

	opts.offset = 10 * ZB + 7 * 512;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, NR - 10, "zones from inside zone 10");
	tap_eq_u64(z[0].start, 10 * ZB, "first zone holds the offset");

	opts.offset = 99 * ZB;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, 1, "offset of the last zone");
	tap_eq_u64(z[0].start, 99 * ZB, "the last zone");

	opts.offset = 0;
	n = fake_collect(dev, &opts, z, NR, NULL);
	tap_eq_int(n, NR, "offset 0: every zone");

	opts.offset = 100;
	tap_eq_int(blkzone_report_start(dev, &opts, &it), -EINVAL,
		   "offset not a multiple of 512");
	opts.offset = NR * ZB;
	tap_eq_int(blkzone_report_start(dev, &opts, &it), -EINVAL,
		   "offset at the end");
	opts.offset = UINT64_MAX - 511;
	tap_eq_int(blkzone_report_start(dev, &opts, &it), -EINVAL,
		   "offset far past the end");
	tap_ok(it == NULL, "no iterator on error");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
