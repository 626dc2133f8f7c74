// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A report of more zones than one batch streams every zone once, in order,
 * while never asking the kernel for more than BLKZONE_REPORT_BATCH zones:
 * memory stays fixed whatever the zone count.
 */
#include "config.h"

#include <stdlib.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	100000ULL
#define ZS	2048ULL

int main(void)
{
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_report_iter *it;
	struct blkzone_dev *dev;
	struct blkzone_zone z;
	uint64_t n = 0, bad = 0;
	int ret;

	tap_plan(6);
	fake_open(f, &dev);
	ret = blkzone_report_start(dev, NULL, &it);
	tap_eq_int(ret, 0, "start");
	if (ret)
		return tap_done();
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		if (z.start != n * ZS * 512 || z.len != ZS * 512 ||
		    z.wp != z.start)
			bad++;
		n++;
	}
	tap_eq_int(ret, 0, "report ends with 0");
	tap_eq_int(blkzone_report_next(it, &z), 0, "and keeps returning 0");
	blkzone_report_end(it);
	tap_eq_u64(n, NR, "zones reported");
	tap_eq_u64(bad, 0, "zones out of place");
	tap_ok(f->max_request <= BLKZONE_REPORT_BATCH,
	       "largest request %u zones", f->max_request);
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
