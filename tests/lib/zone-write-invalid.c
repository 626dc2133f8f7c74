// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_zone_write() refuses, before writing anything: a position that
 * is not a zone start, conventional zones, zones that cannot take writes,
 * lengths that do not fit in the zone or are not whole logical blocks.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	8
#define ZS	64ULL
#define ZB	(ZS * 512)

static struct fake_dev *f;
static struct blkzone_dev *dev;
static unsigned char buf[2 * ZB];

static void refused(uint64_t offset, const void *b, size_t len, int err,
		    const char *what)
{
	struct fake_snap *s = fake_snap_take(f);

	tap_eq_int(blkzone_zone_write(dev, offset, b, len), err, what);
	tap_ok(fake_snap_same(f, s), "%s: nothing written", what);
	fake_snap_free(s);
}

int main(void)
{
	f = fake_new(NR, ZS);
	tap_plan(33);
	fake_set_conventional(f, 1);
	f->lbs = 4096;
	f->zones[1].capacity = ZS / 2;
	f->zones[2].cond = BLK_ZONE_COND_FULL;
	f->zones[2].wp = f->zones[2].start + ZS;
	f->zones[3].cond = BLK_ZONE_COND_READONLY;
	f->zones[4].cond = BLK_ZONE_COND_OFFLINE;
	f->zones[4].wp = UINT64_MAX;
	f->zones[5].cond = BLK_ZONE_COND_IMP_OPEN;
	f->zones[5].wp = f->zones[5].start + ZS - 16;
	fake_alloc_data(f);
	fake_open(f, &dev);

	refused(0, buf, 4096, -EINVAL, "a conventional zone");
	refused(ZB + 4096, buf, 4096, -EINVAL, "inside a zone");
	refused(ZB + 512, buf, 4096, -EINVAL, "at an unaligned position");
	refused(ZB, buf, 512, -EINVAL, "512 bytes on 4 KiB blocks");
	refused(ZB, buf, 4096 + 2048, -EINVAL, "6 KiB on 4 KiB blocks");
	refused(2 * ZB, buf, 4096, -ENOSPC, "a full zone");
	refused(3 * ZB, buf, 4096, -EROFS, "a read-only zone");
	refused(4 * ZB, buf, 4096, -EIO, "an offline zone");
	refused(5 * ZB, buf, 16384, -ENOSPC, "more than the 8 KiB left");
	refused(ZB, buf, ZB + 4096, -ENOSPC, "more than a zone");
	refused(ZB, buf, ZB / 2 + 4096, -ENOSPC,
		"less than the zone size, more than its capacity");
	refused(NR * ZB, buf, 4096, -EINVAL, "past the end");
	refused(UINT64_MAX, buf, 4096, -EINVAL, "UINT64_MAX");
	refused(ZB, NULL, 4096, -EINVAL, "NULL buffer");
	f->zones[6].cond = 0x9;
	refused(6 * ZB, buf, 4096, -EIO, "an unknown condition");
	f->zones[7].wp = f->zones[7].start + ZS + 8;
	f->zones[7].cond = BLK_ZONE_COND_CLOSED;
	refused(7 * ZB, buf, 4096, -EIO, "a write pointer past the capacity");
	tap_eq_int(blkzone_zone_write(NULL, ZB, buf, 4096), -EINVAL,
		   "NULL handle");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
