// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_zone_at() gives the zone that holds any byte of the device, the
 * smaller last zone included, and refuses offsets past the end and unknown
 * flags.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	100
#define ZS	2048ULL
#define ZB	(ZS * 512)
#define LAST	512ULL

int main(void)
{
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_zone z, keep;
	struct blkzone_dev *dev;
	uint64_t cap;

	tap_plan(24);
	fake_set_conventional(f, 1);
	fake_set_last_zone_len(f, LAST);
	f->zones[50].cond = BLK_ZONE_COND_CLOSED;
	f->zones[50].wp = f->zones[50].start + 24;
	f->has_cached = true;
	fake_open(f, &dev);
	cap = fake_disk_bytes(f);

	tap_eq_int(blkzone_zone_at(dev, 0, 0, &z), 0, "byte 0");
	tap_ok(z.start == 0 && z.len == ZB &&
	       z.type == BLKZONE_TYPE_CONVENTIONAL, "first, conventional zone");
	tap_eq_int(blkzone_zone_at(dev, ZB - 1, 0, &z), 0, "its last byte");
	tap_eq_u64(z.start, 0, "still the first zone");
	tap_eq_int(blkzone_zone_at(dev, 50 * ZB + 12345, 0, &z), 0,
		   "a byte in the middle of zone 50");
	tap_ok(z.start == 50 * ZB && z.cond == BLKZONE_COND_CLOSED &&
	       z.wp == 50 * ZB + 24 * 512,
	       "zone 50, closed, its write pointer");
	tap_eq_int(blkzone_zone_at(dev, 50 * ZB, BLKZONE_REPORT_CACHED, &z), 0,
		   "cached");
	tap_eq_int(z.cond, BLKZONE_COND_ACTIVE, "a cached report's condition");
	tap_eq_int(f->cached_calls, 1, "came from the cached report");
	tap_eq_int(blkzone_zone_at(dev, 98 * ZB + 1, 0, &z), 0,
		   "the zone before the last");
	tap_ok(z.start == 98 * ZB && z.len == ZB, "full size");
	tap_eq_int(blkzone_zone_at(dev, cap - 1, 0, &z), 0, "the last byte");
	tap_ok(z.start == 99 * ZB && z.len == LAST * 512 &&
	       z.capacity == LAST * 512, "the smaller last zone");

	memset(&keep, 0x5a, sizeof(keep));
	z = keep;
	tap_eq_int(blkzone_zone_at(dev, cap, 0, &z), -EINVAL,
		   "the end of the device");
	tap_eq_int(blkzone_zone_at(dev, 99 * ZB + LAST * 512 + 512, 0, &z),
		   -EINVAL, "past the smaller last zone");
	tap_eq_int(blkzone_zone_at(dev, UINT64_MAX, 0, &z), -EINVAL,
		   "UINT64_MAX");
	tap_eq_int(blkzone_zone_at(dev, 0, 2, &z), -EINVAL, "unknown flag");
	tap_eq_int(blkzone_zone_at(dev, 0, UINT32_MAX, &z), -EINVAL,
		   "all flags");
	tap_eq_int(blkzone_zone_at(dev, 0, 0, NULL), -EINVAL, "NULL zone");
	tap_eq_int(blkzone_zone_at(NULL, 0, 0, &z), -EINVAL, "NULL handle");
	tap_ok(!memcmp(&z, &keep, sizeof(z)), "zone untouched on errors");

	f->fail_call = f->calls + 1;
	f->fail_err = -EIO;
	tap_eq_int(blkzone_zone_at(dev, 0, 0, &z), -EIO,
		   "the report's error");
	tap_ok(!memcmp(&z, &keep, sizeof(z)), "zone untouched");

	/* A device that answers with another zone is not believed. */
	f->zones[10].start = 11 * ZS;
	f->zones[10].len = ZS / 2;
	tap_eq_int(blkzone_zone_at(dev, 10 * ZB, 0, &z), -EIO,
		   "a zone that does not hold the offset");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
