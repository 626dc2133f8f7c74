// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blkzone-private.h"

int blkzone_dev_new(const struct blkzone_ops *ops, void *priv,
		    struct blkzone_dev **devp)
{
	struct blkzone_dev *dev;

	dev = calloc(1, sizeof(*dev));
	if (!dev)
		return -ENOMEM;
	dev->ops = ops;
	dev->priv = priv;
	dev->fd = -1;
	*devp = dev;
	return 0;
}

/* Tried in turn: the first backend that knows the file takes it. */
static int (*const probes[])(struct blkzone_dev *dev, int fd,
			     const struct stat *st) = {
	blkzone_blkdev_probe,
	blkzone_image_probe,
};

/* Hands @fd to the backend of its file: -ENOTBLK if no backend knows it. */
static int probe(struct blkzone_dev *dev, int fd)
{
	struct stat st;
	size_t i;
	int ret;

	if (fstat(fd, &st) < 0)
		return -errno;
	for (i = 0; i < ARRAY_SIZE(probes); i++) {
		ret = probes[i](dev, fd, &st);
		if (ret != -ENOTBLK)
			return ret;
	}
	return -ENOTBLK;
}

static int clear_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0)
		return -errno;
	return 0;
}

int blkzone_open(const char *path, int flags, struct blkzone_dev **devp)
{
	struct blkzone_dev *dev;
	int fd, ret;

	if (!path || !devp)
		return -EINVAL;
	/* O_CLOEXEC is accepted, and always set. */
	if ((flags & ~(O_ACCMODE | O_EXCL | O_DIRECT | O_CLOEXEC)) ||
	    (flags & O_ACCMODE) == O_ACCMODE)
		return -EINVAL;

	/*
	 * O_NONBLOCK keeps a FIFO or a tty given by mistake from blocking the
	 * open; it is dropped again once the file is known to be a device.
	 */
	fd = open(path, flags | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	ret = blkzone_dev_new(NULL, NULL, &dev);
	if (ret) {
		close(fd);
		return ret;
	}
	dev->open_flags = flags;
	ret = probe(dev, fd);
	if (ret) {
		free(dev);
		close(fd);
		return ret;
	}
	ret = clear_nonblock(fd);
	if (ret) {
		blkzone_close(dev);
		return ret;
	}
	*devp = dev;
	return 0;
}

/* Contract in libblkzone.h. */
int blkzone_fd(const struct blkzone_dev *dev)
{
	if (!dev)
		return -EINVAL;
	/* I/O on an image's file would bypass its zones and records. */
	if (!dev->fd_is_device)
		return -EOPNOTSUPP;
	return dev->fd;
}

void blkzone_close(struct blkzone_dev *dev)
{
	if (!dev)
		return;
	if (dev->ops && dev->ops->release)
		dev->ops->release(dev);
	free(dev);
}
