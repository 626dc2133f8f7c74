// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * With O_DIRECT, a buffer, offset or length that is not aligned to the
 * logical block size is refused with -EINVAL before any I/O.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "fake-dev.h"
#include "tap.h"

#define NR	4
#define ZS	64ULL
#define ZB	(ZS * 512)

int main(void)
{
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	struct fake_snap *s;
	unsigned char *buf;

	tap_plan(16);
	buf = aligned_alloc(4096, 4 * 4096);
	if (!buf)
		abort();
	fake_set_conventional(f, 2);
	f->direct = true;
	f->lbs = 4096;
	fake_open(f, &dev);
	s = fake_snap_take(f);

	tap_eq_int(blkzone_write(dev, 0, buf + 512, 4096), -EINVAL,
		   "write: buffer 512 bytes off");
	tap_eq_int(blkzone_write(dev, 512, buf, 4096), -EINVAL,
		   "write: offset of 512 on 4 KiB blocks");
	tap_eq_int(blkzone_write(dev, 0, buf, 4096 + 512), -EINVAL,
		   "write: length of 4.5 KiB");
	tap_eq_int(blkzone_read(dev, 0, buf + 1, 4096), -EINVAL,
		   "read: buffer 1 byte off");
	tap_eq_int(blkzone_read(dev, 2048, buf, 4096), -EINVAL,
		   "read: offset of 2 KiB");
	tap_eq_int(blkzone_read(dev, 0, buf, 100), -EINVAL,
		   "read: length of 100");
	tap_eq_int(blkzone_zone_write(dev, 2 * ZB, buf + 8, 4096), -EINVAL,
		   "zone write: unaligned buffer");
	tap_eq_int(f->io_calls, 0, "no I/O request");
	tap_ok(fake_snap_same(f, s), "nothing changed");

	tap_eq_int(blkzone_write(dev, 4096, buf, 8192), 8192,
		   "aligned write");
	tap_eq_int(blkzone_read(dev, 4096, buf, 8192), 8192, "aligned read");
	tap_eq_int(blkzone_zone_write(dev, 2 * ZB, buf, 4096), 4096,
		   "aligned zone write");

	/* Without O_DIRECT, any alignment goes. */
	blkzone_close(dev);
	f->direct = false;
	fake_open(f, &dev);
	tap_eq_int(blkzone_write(dev, 512, buf + 1, 4096 + 512), 4096 + 512,
		   "buffered: unaligned write");
	tap_eq_int(blkzone_read(dev, 512, buf + 1, 100), 100,
		   "buffered: unaligned read");

	/* The logical block size is the device's, not a constant. */
	blkzone_close(dev);
	f->direct = true;
	f->lbs = 512;
	fake_open(f, &dev);
	tap_eq_int(blkzone_read(dev, 512, buf + 512, 1024), 1024,
		   "512-byte blocks: 512-byte alignment is enough");
	tap_eq_int(blkzone_read(dev, 256, buf, 512), -EINVAL,
		   "but not less");
	fake_snap_free(s);
	blkzone_close(dev);
	fake_free(f);
	free(buf);
	return tap_done();
}
