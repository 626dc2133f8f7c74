// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_zone_write() appends at the write pointer of a sequential zone:
 * successive calls land one after the other, the zone opens implicitly
 * and becomes full at its capacity.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	4
#define ZS	64ULL
#define ZB	(ZS * 512)
#define CAPS	48ULL		/* zone capacity, sectors */

int main(void)
{
	static unsigned char a[ZB], b[ZB];
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	struct blk_zone *z = &f->zones[1];
	size_t i;

	tap_plan(15);
	fake_set_conventional(f, 1);
	for (i = 1; i < NR; i++)
		f->zones[i].capacity = CAPS;
	f->lbs = 4096;
	fake_alloc_data(f);
	fake_open(f, &dev);
	memset(a, 0xaa, sizeof(a));
	memset(b, 0xbb, sizeof(b));

	tap_eq_int(blkzone_zone_write(dev, ZB, a, 8192), 8192,
		   "8 KiB in an empty zone");
	tap_eq_u64(z->wp, z->start + 16, "write pointer moved by 8 KiB");
	tap_eq_int(z->cond, BLK_ZONE_COND_IMP_OPEN, "implicitly open");
	tap_eq_int(blkzone_zone_write(dev, ZB, b, 4096), 4096,
		   "4 KiB more");
	tap_ok(!memcmp(f->data + ZB, a, 8192) &&
	       !memcmp(f->data + ZB + 8192, b, 4096),
	       "after the first write");
	tap_eq_u64(z->wp, z->start + 24, "write pointer after both");

	z->cond = BLK_ZONE_COND_CLOSED;
	tap_eq_int(blkzone_zone_write(dev, ZB, a, 4096), 4096,
		   "a closed zone takes writes");
	tap_eq_int(z->cond, BLK_ZONE_COND_IMP_OPEN, "and opens again");

	tap_eq_int(blkzone_zone_write(dev, ZB, b, (CAPS - 32) * 512),
		   (CAPS - 32) * 512, "up to the zone capacity, not its size");
	tap_eq_int(z->cond, BLK_ZONE_COND_FULL, "the zone is full");
	tap_eq_int(blkzone_zone_write(dev, ZB, a, 4096), -ENOSPC,
		   "a full zone: -ENOSPC");

	f->zones[2].cond = BLK_ZONE_COND_EXP_OPEN;
	tap_eq_int(blkzone_zone_write(dev, 2 * ZB, a, 0), 0,
		   "nothing to write");
	tap_eq_u64(f->zones[2].wp, f->zones[2].start, "write pointer stays");
	tap_eq_int(blkzone_zone_write(dev, 2 * ZB, a, CAPS * 512),
		   CAPS * 512, "a whole zone in one call");

	/* Host-aware: sequential write preferred zones take it too. */
	f->zones[3].type = BLK_ZONE_TYPE_SEQWRITE_PREF;
	tap_eq_int(blkzone_zone_write(dev, 3 * ZB, a, 4096), 4096,
		   "a sequential write preferred zone");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
