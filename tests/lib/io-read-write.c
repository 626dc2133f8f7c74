// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_read() and blkzone_write() move exactly the bytes asked for, and
 * refuse a range that does not fit in the device before any I/O.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	4
#define ZS	64ULL
#define ZB	(ZS * 512)

int main(void)
{
	static unsigned char in[2 * ZB], out[2 * ZB];
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	struct fake_snap *s;
	uint64_t cap;
	size_t i;

	tap_plan(18);
	fake_set_conventional(f, 2);
	fake_alloc_data(f);
	fake_open(f, &dev);
	cap = fake_disk_bytes(f);
	for (i = 0; i < sizeof(in); i++)
		in[i] = (unsigned char)(i * 7 + 3);

	tap_eq_int(blkzone_write(dev, 4096, in, 8192), 8192,
		   "write 8 KiB in a conventional zone");
	tap_ok(!memcmp(f->data + 4096, in, 8192), "the data is on the device");
	tap_eq_int(blkzone_read(dev, 4096, out, 8192), 8192, "read it back");
	tap_ok(!memcmp(out, in, 8192), "the same data");
	tap_eq_int(blkzone_read(dev, 2 * ZB, out, ZB), ZB,
		   "read a whole sequential zone");
	tap_eq_int(blkzone_read(dev, cap - 512, out, 512), 512,
		   "the last sector");
	tap_eq_int(blkzone_read(dev, cap, out, 0), 0, "nothing at the end");
	tap_eq_int(blkzone_write(dev, 0, in, 0), 0, "write nothing");

	s = fake_snap_take(f);
	i = f->io_calls;
	tap_eq_int(blkzone_read(dev, cap - 512, out, 1024), -EINVAL,
		   "a read past the end");
	tap_eq_int(blkzone_write(dev, cap - 512, in, 1024), -EINVAL,
		   "a write past the end");
	tap_eq_int(blkzone_read(dev, cap + 512, out, 0), -EINVAL,
		   "an offset past the end");
	tap_eq_int(blkzone_write(dev, 512, in, SIZE_MAX), -EINVAL,
		   "a length that wraps");
	tap_eq_int(blkzone_write(dev, UINT64_MAX, in, 512), -EINVAL,
		   "an offset that wraps");
	tap_eq_int(blkzone_write(dev, 0, NULL, 512), -EINVAL, "NULL buffer");
	tap_eq_int(blkzone_read(dev, 0, NULL, 512), -EINVAL,
		   "NULL buffer for a read");
	tap_eq_int(blkzone_read(NULL, 0, out, 512), -EINVAL, "NULL handle");
	tap_eq_int(f->io_calls - i, 0, "none reached the device");
	tap_ok(fake_snap_same(f, s), "nothing changed");
	fake_snap_free(s);
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
