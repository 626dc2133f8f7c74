// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Zone capacity comes from the kernel when it sets BLK_ZONE_REP_CAPACITY;
 * otherwise it is the zone length.
 */
#include "config.h"

#include "fake-dev.h"
#include "tap.h"

#define NR 4
#define ZS 1024ULL

int main(void)
{
	struct blkzone_zone z[NR];
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	long n, i;

	tap_plan(4);
	for (i = 0; i < NR; i++)
		f->zones[i].capacity = ZS - 128;
	fake_open(f, &dev);

	n = fake_collect(dev, NULL, z, NR, NULL);
	tap_eq_int(n, NR, "every zone");
	tap_eq_u64(z[1].capacity, (ZS - 128) * 512, "capacity from the kernel");

	f->has_capacity = false;
	n = fake_collect(dev, NULL, z, NR, NULL);
	tap_eq_int(n, NR, "every zone without the flag");
	tap_eq_u64(z[1].capacity, ZS * 512, "capacity is the length");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
