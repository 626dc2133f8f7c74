// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Zone types, conditions and flags are passed through as the kernel gives
 * them, unknown values included; positions are converted to bytes, and a
 * write pointer beyond any device becomes BLKZONE_WP_INVALID.
 */
#include "config.h"

#include "fake-dev.h"
#include "tap.h"

#define ZS 2048ULL

int main(void)
{
	struct blkzone_zone z[4];
	struct fake_dev *f = fake_new(4, ZS);
	struct blkzone_dev *dev;
	long n;

	tap_plan(11);
	f->zones[1].type = 0x7;
	f->zones[1].cond = 0x9;
	f->zones[1].wp = f->zones[1].start + 100;
	f->zones[1].reset = 1;
	f->zones[2].non_seq = 1;
	f->zones[3].cond = BLK_ZONE_COND_OFFLINE;
	f->zones[3].wp = (uint64_t)-1;
	fake_open(f, &dev);

	n = fake_collect(dev, NULL, z, 4, NULL);
	tap_eq_int(n, 4, "every zone");
	tap_eq_int(z[1].type, 0x7, "unknown type passed through");
	tap_eq_int(z[1].cond, 0x9, "reserved condition passed through");
	tap_eq_str(blkzone_type_name(z[1].type, false), "unknown", "its name");
	tap_eq_u64(z[1].wp, (ZS + 100) * 512, "write pointer in bytes");
	tap_eq_int(z[1].flags, BLKZONE_ZONE_RESET, "reset flag");
	tap_eq_int(z[2].flags, BLKZONE_ZONE_NONSEQ, "non-seq flag");
	tap_eq_int(z[0].flags, 0, "no flags");
	tap_eq_u64(z[2].start, 2 * ZS * 512, "start in bytes");
	tap_eq_u64(z[3].wp, BLKZONE_WP_INVALID,
		   "a write pointer past any device is invalid");
	tap_eq_int(z[3].cond, BLKZONE_COND_OFFLINE, "offline");

	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
