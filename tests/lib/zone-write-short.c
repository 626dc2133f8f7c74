// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A zone write that the device takes in pieces continues at the new write
 * pointer until done; one that fails half way returns what was written,
 * and the next call continues from the write pointer.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	4
#define ZS	128ULL
#define ZB	(ZS * 512)

int main(void)
{
	static unsigned char in[ZB];
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	struct blk_zone *z = &f->zones[1];
	unsigned int calls;
	size_t i;

	tap_plan(10);
	f->lbs = 4096;
	fake_alloc_data(f);
	fake_open(f, &dev);
	for (i = 0; i < sizeof(in); i++)
		in[i] = (unsigned char)(i % 251);

	f->max_transfer = 4096;
	calls = f->write_calls;
	tap_eq_int(blkzone_zone_write(dev, ZB, in, 5 * 4096), 5 * 4096,
		   "20 KiB taken 4 KiB at a time");
	tap_eq_int(f->write_calls - calls, 5, "in five requests");
	tap_eq_u64(z->wp, z->start + 40, "write pointer at 20 KiB");
	tap_ok(!memcmp(f->data + ZB, in, 5 * 4096), "the data in order");

	f->eintr_left = 1;
	f->io_fail_call = f->io_calls + 4;
	f->io_fail_err = -EIO;
	tap_eq_int(blkzone_zone_write(dev, ZB, in + 5 * 4096, 4 * 4096),
		   2 * 4096, "interrupted, then an error after 8 KiB");
	tap_eq_u64(z->wp, z->start + 56, "write pointer after what was taken");

	f->io_fail_call = f->io_calls + 1;
	tap_eq_int(blkzone_zone_write(dev, ZB, in + 7 * 4096, 4096), -EIO,
		   "an error at once");
	tap_eq_u64(z->wp, z->start + 56, "write pointer unchanged");

	f->io_fail_call = 0;
	tap_eq_int(blkzone_zone_write(dev, ZB, in + 7 * 4096, 2 * 4096),
		   2 * 4096, "the next call continues");
	tap_ok(!memcmp(f->data + ZB, in, 9 * 4096),
	       "36 KiB in order, no gap, no overlap");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
