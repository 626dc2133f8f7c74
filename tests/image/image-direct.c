// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Zone images open with O_DIRECT on a file system that takes direct I/O:
 * the header and the zone records go through a buffered descriptor of
 * their own (they are not block aligned), the data through the O_DIRECT
 * one, and what one handle writes, another reads.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image-util.h"
#include "tap.h"

#define NR	4
#define ZS	65536ULL

static struct img_env e;

/* Skips the whole test where the file system refuses direct I/O. */
static void need_direct_io(void)
{
	char probe[128];
	void *blk = aligned_alloc(4096, 4096);
	int fd;

	snprintf(probe, sizeof(probe), "%s/probe", e.dir);
	fd = open(probe, O_RDWR | O_CREAT | O_DIRECT, 0600);
	if (!blk || fd < 0 || pwrite(fd, memset(blk, 0, 4096), 4096, 0) != 4096) {
		img_env_cleanup(&e);
		tap_skip_all("the file system of %s refuses O_DIRECT", e.dir);
	}
	close(fd);
	unlink(probe);
	free(blk);
}

static bool all(const unsigned char *p, size_t len, int v)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] != v)
			return false;
	return true;
}

int main(void)
{
	struct blkzone_image_geometry g = img_geo(NR, ZS);
	struct blkzone_dev *dev, *other;
	struct blkzone_info info;
	unsigned char *buf;
	int ret;

	img_env_init(&e);
	need_direct_io();
	tap_plan(19);
	buf = aligned_alloc(4096, 4 * 4096);
	if (!buf)
		abort();
	g.nr_conv_zones = 1;
	if (blkzone_image_create(e.path, &g))
		tap_skip_all("cannot create an image");

	ret = blkzone_open(e.path, O_RDWR | O_DIRECT, &dev);
	if (!tap_eq_errno(ret, 0, "open O_RDWR | O_DIRECT")) {
		img_env_cleanup(&e);
		return tap_done();
	}
	tap_eq_errno(blkzone_get_info(dev, &info), 0, "get_info");
	tap_eq_u64(info.nr_zones, NR, "the header was read");
	memset(buf, 0xa5, 8192);
	tap_eq_errno(blkzone_zone_write(dev, ZS, buf, 8192), 8192,
		     "zone write at the write pointer");
	img_zone_is(dev, 1, BLKZONE_COND_IMP_OPEN, 8192, "the record moved");
	memset(buf, 0x3c, 4096);
	tap_eq_errno(blkzone_write(dev, 4096, buf, 4096), 4096,
		     "write to the conventional zone");
	memset(buf, 0xff, 4 * 4096);
	tap_eq_errno(blkzone_read(dev, ZS, buf, 4 * 4096), 4 * 4096,
		     "read across the write pointer");
	tap_ok(all(buf, 8192, 0xa5) && all(buf + 8192, 8192, 0),
	       "data below the write pointer, zeros above");
	tap_eq_errno(blkzone_read(dev, ZS, buf + 512, 4096), -EINVAL,
		     "unaligned buffer refused");
	tap_eq_errno(blkzone_zone_op(dev, BLKZONE_OP_FINISH, 2 * ZS, ZS), 0,
		     "finish");
	img_zone_is(dev, 2, BLKZONE_COND_FULL, ZS, "finished");
	tap_eq_errno(blkzone_zone_op(dev, BLKZONE_OP_RESET, 2 * ZS, ZS), 0,
		     "reset");
	blkzone_close(dev);

	ret = blkzone_open(e.path, O_WRONLY | O_DIRECT | O_EXCL, &dev);
	tap_eq_errno(ret, 0, "open O_WRONLY | O_DIRECT | O_EXCL");
	if (!ret) {
		tap_eq_errno(blkzone_open(e.path, O_RDONLY | O_EXCL, &other),
			     -EBUSY, "the exclusive claim holds");
		memset(buf, 0x5a, 4096);
		tap_eq_errno(blkzone_zone_write(dev, ZS, buf, 4096), 4096,
			     "zone write through O_WRONLY | O_DIRECT");
		blkzone_close(dev);
	} else {
		tap_skip(2, "no handle");
	}

	ret = blkzone_open(e.path, O_RDONLY | O_DIRECT, &dev);
	tap_eq_errno(ret, 0, "open O_RDONLY | O_DIRECT");
	if (!ret) {
		tap_eq_errno(blkzone_write(dev, 0, buf, 4096), -EBADF,
			     "no write through a read-only handle");
		blkzone_close(dev);
	} else {
		tap_skip(1, "no handle");
	}

	dev = img_open(e.path, O_RDONLY);
	memset(buf, 0, 4 * 4096);
	blkzone_read(dev, 0, buf, 4 * 4096);
	tap_ok(all(buf, 4096, 0) && all(buf + 4096, 4096, 0x3c),
	       "a buffered handle reads the conventional zone's data");
	blkzone_read(dev, ZS, buf, 4 * 4096);
	tap_ok(all(buf, 8192, 0xa5) && all(buf + 8192, 4096, 0x5a) &&
	       all(buf + 12288, 4096, 0),
	       "a buffered handle reads both zone writes");
	blkzone_close(dev);
	free(buf);
	img_env_cleanup(&e);
	return tap_done();
}
