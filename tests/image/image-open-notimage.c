// SPDX-License-Identifier: GPL-2.0-or-later
/* Regular files without the image magic are not devices: -ENOTBLK. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "image-util.h"
#include "tap.h"

static int make(const char *path, const void *data, size_t len, off_t size)
{
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);

	if (fd < 0 || write(fd, data, len) != (ssize_t)len ||
	    ftruncate(fd, size) < 0)
		tap_skip_all("cannot write %s", path);
	return close(fd);
}

int main(void)
{
	struct blkzone_dev *dev = NULL;
	struct img_env e;

	img_env_init(&e);
	tap_plan(6);
	make(e.path, "", 0, 0);
	tap_eq_int(blkzone_open(e.path, O_RDONLY, &dev), -ENOTBLK, "empty file");
	make(e.path, "LBZ", 3, 3);
	tap_eq_int(blkzone_open(e.path, O_RDWR, &dev), -ENOTBLK,
		   "shorter than the magic");
	make(e.path, "hello, world", 12, 1 << 20);
	tap_eq_int(blkzone_open(e.path, O_RDWR, &dev), -ENOTBLK, "text file");
	make(e.path, "LBZIMAGF", 8, 1 << 20);
	tap_eq_int(blkzone_open(e.path, O_RDONLY, &dev), -ENOTBLK,
		   "magic off by one byte");
	make(e.path, "", 0, 8 << 20);
	tap_eq_int(blkzone_open(e.path, O_RDONLY | O_EXCL, &dev), -ENOTBLK,
		   "zeros");
	tap_ok(dev == NULL, "no handle returned");
	img_env_cleanup(&e);
	return tap_done();
}
