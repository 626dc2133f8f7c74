// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_fd() gives the block device's descriptor, opened with the
 * handle's flags and close-on-exec, for the caller's own I/O; a zone image
 * has none to give.  blkzone_open() takes O_CLOEXEC in its flags.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "image-util.h"
#include "loop.h"
#include "tap.h"

static void on_image(void)
{
	struct blkzone_image_geometry g = img_geo(4, 65536);
	struct blkzone_dev *dev;
	struct img_env e;
	int ret;

	img_env_init(&e);
	if (blkzone_image_create(e.path, &g))
		abort();
	ret = blkzone_open(e.path, O_RDWR | O_CLOEXEC, &dev);
	if (tap_eq_errno(ret, 0, "image: open with O_CLOEXEC")) {
		tap_eq_errno(blkzone_fd(dev), -EOPNOTSUPP,
			     "image: no descriptor to give");
		blkzone_close(dev);
	} else {
		tap_skip(1, "no handle");
	}
	img_env_cleanup(&e);
}

static void on_loop(const struct loopdev *ld)
{
	unsigned char in[4096], out[4096];
	struct blkzone_dev *dev;
	struct stat st, fst;
	int fd;

	memset(in, 0x6b, sizeof(in));
	if (!tap_eq_errno(blkzone_open(ld->path, O_RDWR | O_CLOEXEC, &dev), 0,
			  "loop: open with O_CLOEXEC")) {
		tap_skip(6, "no handle");
		return;
	}
	fd = blkzone_fd(dev);
	tap_ok(fd >= 0, "loop: a descriptor (%d)", fd);
	tap_ok(!stat(ld->path, &st) && !fstat(fd, &fst) &&
	       S_ISBLK(fst.st_mode) && fst.st_rdev == st.st_rdev,
	       "loop: it is the device's");
	tap_ok(fcntl(fd, F_GETFD) & FD_CLOEXEC, "loop: close-on-exec");
	tap_ok(pwrite(fd, in, sizeof(in), 8192) == (ssize_t)sizeof(in) &&
	       blkzone_read(dev, 8192, out, sizeof(out)) == sizeof(out) &&
	       !memcmp(in, out, sizeof(in)),
	       "loop: written through it, read through the handle");
	blkzone_close(dev);

	if (tap_eq_errno(blkzone_open(ld->path, O_RDONLY | O_DIRECT, &dev), 0,
			 "loop: open O_RDONLY | O_DIRECT")) {
		fd = blkzone_fd(dev);
		tap_ok(fd >= 0 && (fcntl(fd, F_GETFL) & O_DIRECT) &&
		       (fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDONLY &&
		       (fcntl(fd, F_GETFD) & FD_CLOEXEC),
		       "loop: with the handle's flags, and close-on-exec");
		blkzone_close(dev);
	} else {
		tap_skip(1, "no handle");
	}
}

int main(void)
{
	struct loopdev ld;
	int ret;

	tap_plan(10);
	tap_eq_errno(blkzone_fd(NULL), -EINVAL, "NULL handle");
	on_image();
	ret = loop_create(1 << 20, &ld);
	if (ret) {
		tap_skip(7, "no loop device");
		return tap_done();
	}
	on_loop(&ld);
	loop_destroy(&ld);
	return tap_done();
}
