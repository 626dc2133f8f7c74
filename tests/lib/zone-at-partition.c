// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * On a partition, blkzone_zone_at() takes and gives positions relative to
 * the partition, and knows only the partition's zones.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	32
#define ZS	256ULL
#define ZB	(ZS * 512)

int main(void)
{
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_zone z;
	struct blkzone_dev *dev;

	tap_plan(8);
	f->part_start = 8 * ZB;
	f->part_len = 4 * ZB;
	f->zones[9].cond = BLK_ZONE_COND_IMP_OPEN;
	f->zones[9].wp = f->zones[9].start + 16;
	fake_open(f, &dev);

	tap_eq_int(blkzone_zone_at(dev, 0, 0, &z), 0, "partition byte 0");
	tap_eq_u64(z.start, 0, "the partition's first zone");
	tap_eq_int(blkzone_zone_at(dev, ZB + 100, 0, &z), 0, "zone 1");
	tap_ok(z.start == ZB && z.cond == BLKZONE_COND_IMP_OPEN,
	       "disk zone 9, seen at the partition's offset");
	tap_eq_u64(z.wp, ZB + 16 * 512, "write pointer relative too");
	tap_eq_int(blkzone_zone_at(dev, 4 * ZB - 1, 0, &z), 0, "last byte");
	tap_eq_u64(z.start, 3 * ZB, "the partition's last zone");
	tap_eq_int(blkzone_zone_at(dev, 4 * ZB, 0, &z), -EINVAL,
		   "the partition's end, though the disk goes on");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
