// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A zone operation on anything but whole zones of the device is refused
 * with -EINVAL before any request: the device is left as it was.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	8
#define ZS	256ULL
#define ZB	(ZS * 512)
#define LAST	100ULL
#define CAP	((NR - 1) * ZB + LAST * 512)

static struct fake_dev *f;
static struct blkzone_dev *dev;

static void refused(int op, uint64_t offset, uint64_t length,
		    const char *what)
{
	struct fake_snap *s = fake_snap_take(f);
	char msg[128];

	snprintf(msg, sizeof(msg), "%s: -EINVAL", what);
	tap_eq_int(blkzone_zone_op(dev, (enum blkzone_op)op, offset, length),
		   -EINVAL, msg);
	tap_ok(fake_snap_same(f, s), "%s: no request, nothing changed", what);
	fake_snap_free(s);
}

int main(void)
{
	f = fake_new(NR, ZS);
	tap_plan(34);
	fake_set_last_zone_len(f, LAST);
	f->zones[2].wp = f->zones[2].start + 16;
	f->zones[2].cond = BLK_ZONE_COND_IMP_OPEN;
	fake_open(f, &dev);

	tap_eq_int(blkzone_zone_op(NULL, BLKZONE_OP_RESET, 0, ZB), -EINVAL,
		   "NULL handle");
	tap_eq_int(blkzone_zone_op_all(NULL, BLKZONE_OP_RESET), -EINVAL,
		   "NULL handle, all zones");
	refused(0, 0, ZB, "operation 0");
	refused(5, 0, ZB, "operation 5");
	refused(-1, 0, ZB, "operation -1");
	refused(BLKZONE_OP_RESET, 512, ZB, "offset inside a zone");
	refused(BLKZONE_OP_RESET, 2 * ZB + 8 * 512, ZB - 8 * 512,
		"offset at the write pointer");
	refused(BLKZONE_OP_RESET, 2 * ZB, 0, "length 0");
	refused(BLKZONE_OP_RESET, 2 * ZB, ZB - 512,
		"length short of the zone end");
	refused(BLKZONE_OP_RESET, 2 * ZB, ZB + 512, "length past the zone end");
	refused(BLKZONE_OP_RESET, NR * ZB, ZB, "offset past the end");
	refused(BLKZONE_OP_RESET, CAP, ZB, "offset at the end");
	refused(BLKZONE_OP_RESET, (NR - 1) * ZB, ZB,
		"a whole zone size for a smaller last zone");
	refused(BLKZONE_OP_RESET, 0, CAP + 512, "past the end of the device");
	refused(BLKZONE_OP_RESET, ZB, UINT64_MAX, "a length that wraps");
	refused(BLKZONE_OP_RESET, UINT64_MAX - ZB + 1, ZB,
		"an offset that wraps");
	{
		struct fake_snap *s = fake_snap_take(f);

		tap_eq_int(blkzone_zone_op_all(dev, (enum blkzone_op)9),
			   -EINVAL, "all zones, unknown operation");
		tap_ok(fake_snap_same(f, s), "no request");
		fake_snap_free(s);
	}
	tap_eq_int(f->mgmt_calls, 0, "the device saw no request at all");

	/* The same ranges that end at the end of the device are fine. */
	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_FINISH, (NR - 1) * ZB,
				   LAST * 512), 0, "the smaller last zone");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
