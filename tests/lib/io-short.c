// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Short and interrupted transfers are continued until the whole length is
 * done; an error after some data returns the bytes transferred, an error
 * before any returns the error.
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
	static unsigned char in[ZB], out[ZB];
	struct fake_dev *f = fake_new(NR, ZS);
	struct blkzone_dev *dev;
	unsigned int calls;
	size_t i;

	tap_plan(13);
	fake_set_conventional(f, 2);
	fake_alloc_data(f);
	fake_open(f, &dev);
	for (i = 0; i < sizeof(in); i++)
		in[i] = (unsigned char)(i * 13 + 1);

	f->max_transfer = 3 * 512;
	calls = f->write_calls;
	tap_eq_int(blkzone_write(dev, 0, in, 10 * 512), 10 * 512,
		   "a write in 1.5 KiB pieces");
	tap_eq_int(f->write_calls - calls, 4, "in four requests");
	tap_ok(!memcmp(f->data, in, 10 * 512), "all the data written");
	calls = f->read_calls;
	tap_eq_int(blkzone_read(dev, 0, out, 10 * 512), 10 * 512,
		   "a read in pieces");
	tap_eq_int(f->read_calls - calls, 4, "in four requests");
	tap_ok(!memcmp(out, in, 10 * 512), "all the data read");

	f->max_transfer = 0;
	f->eintr_left = 2;
	calls = f->write_calls;
	tap_eq_int(blkzone_write(dev, ZB, in, 4096), 4096,
		   "a write interrupted twice");
	tap_eq_int(f->write_calls - calls, 3, "retried");
	f->eintr_left = 1;
	tap_eq_int(blkzone_read(dev, ZB, out, 4096), 4096,
		   "an interrupted read");

	f->max_transfer = 1024;
	f->io_fail_call = f->io_calls + 3;
	f->io_fail_err = -EIO;
	tap_eq_int(blkzone_write(dev, 0, in, 8192), 2048,
		   "an error after 2 KiB: the bytes written");
	f->io_fail_call = f->io_calls + 1;
	tap_eq_int(blkzone_write(dev, 0, in, 8192), -EIO,
		   "an error at once: the error");
	f->io_fail_call = f->io_calls + 2;
	f->io_fail_err = -ENXIO;
	tap_eq_int(blkzone_read(dev, 0, out, 8192), 1024,
		   "a read error after 1 KiB: the bytes read");
	f->io_fail_call = f->io_calls + 1;
	tap_eq_int(blkzone_read(dev, 0, out, 8192), -ENXIO,
		   "a read error at once");
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
