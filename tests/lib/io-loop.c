// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_read() and blkzone_write() on a real block device, buffered and
 * with O_DIRECT: data round-trips, and O_DIRECT alignment is checked
 * against the device's logical block size.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include <libblkzone.h>

#include "loop.h"
#include "tap.h"

#define SIZE	(4ULL << 20)

int main(void)
{
	unsigned char *in, *out;
	struct blkzone_dev *dev;
	struct loopdev ld;
	size_t i;
	int ret;

	ret = loop_create(SIZE, &ld);
	if (ret)
		tap_skip_all("no loop device: %s", strerror(-ret));
	in = aligned_alloc(4096, 65536);
	out = aligned_alloc(4096, 65536);
	if (!in || !out)
		abort();
	for (i = 0; i < 65536; i++)
		in[i] = (unsigned char)(i * 31 + 7);

	tap_plan(12);
	ret = blkzone_open(ld.path, O_RDWR, &dev);
	if (!tap_eq_int(ret, 0, "open")) {
		tap_skip(11, "no handle");
		goto out;
	}
	tap_eq_int(blkzone_write(dev, 1536, in, 10000), 10000,
		   "buffered write at an odd place");
	tap_eq_int(blkzone_read(dev, 1536, out, 10000), 10000, "read back");
	tap_ok(!memcmp(in, out, 10000), "same data");
	tap_eq_int(blkzone_write(dev, SIZE - 512, in, 1024), -EINVAL,
		   "a write past the end");
	tap_eq_int(blkzone_read(dev, SIZE - 4096, out, 4096), 4096,
		   "the last 4 KiB");
	blkzone_close(dev);

	ret = blkzone_open(ld.path, O_RDWR | O_DIRECT, &dev);
	if (!tap_eq_int(ret, 0, "open with O_DIRECT")) {
		tap_skip(5, "no handle");
		goto out;
	}
	tap_eq_int(blkzone_write(dev, 65536, in, 65536), 65536,
		   "aligned direct write");
	memset(out, 0, 65536);
	tap_eq_int(blkzone_read(dev, 65536, out, 65536), 65536,
		   "aligned direct read");
	tap_ok(!memcmp(in, out, 65536), "same data");
	tap_eq_int(blkzone_read(dev, 65536, out + 1, 512), -EINVAL,
		   "unaligned buffer");
	tap_eq_int(blkzone_write(dev, 256, in, 512), -EINVAL,
		   "offset inside a logical block");
	blkzone_close(dev);
out:
	free(in);
	free(out);
	loop_destroy(&ld);
	return tap_done();
}
