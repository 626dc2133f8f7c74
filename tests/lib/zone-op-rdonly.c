// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A handle opened read-only can change nothing: zone operations and
 * writes give -EBADF, as the kernel does, without a request; reads work.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	4
#define ZS	64ULL
#define ZB	(ZS * 512)

int main(void)
{
	static char buf[4096];
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	struct fake_snap *s;

	tap_plan(9);
	fake_set_conventional(f, 1);
	f->read_only = true;
	fake_open(f, &dev);
	s = fake_snap_take(f);

	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_RESET, ZB, ZB), -EBADF,
		   "reset");
	tap_eq_int(blkzone_zone_op(dev, BLKZONE_OP_OPEN, ZB, ZB), -EBADF,
		   "open");
	tap_eq_int(blkzone_zone_op_all(dev, BLKZONE_OP_RESET), -EBADF,
		   "reset all");
	tap_eq_int(blkzone_write(dev, 0, buf, sizeof(buf)), -EBADF, "write");
	tap_eq_int(blkzone_zone_write(dev, ZB, buf, sizeof(buf)), -EBADF,
		   "zone write");
	tap_ok(fake_snap_same(f, s), "nothing changed");
	tap_eq_int(f->mgmt_calls + f->write_calls, 0, "no request");
	tap_eq_int(blkzone_read(dev, 0, buf, sizeof(buf)), sizeof(buf),
		   "reads work");
	tap_eq_int(f->read_calls, 1, "with one request");
	fake_snap_free(s);
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
