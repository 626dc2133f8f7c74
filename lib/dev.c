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

int blkzone_open(const char *path, int flags, struct blkzone_dev **devp)
{
	struct blkzone_dev *dev;
	struct stat st;
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
	if (fstat(fd, &st) < 0) {
		ret = -errno;
		goto err_close;
	}
	if (S_ISREG(st.st_mode)) {
		/* A zone image, or -ENOTBLK for any other regular file. */
		ret = blkzone_image_open(fd, flags, &dev);
		if (ret)
			goto err_close;
		*devp = dev;
		return 0;
	}
	if (!S_ISBLK(st.st_mode)) {
		ret = -ENOTBLK;
		goto err_close;
	}
	ret = fcntl(fd, F_GETFL);
	if (ret < 0 || fcntl(fd, F_SETFL, ret & ~O_NONBLOCK) < 0) {
		ret = -errno;
		goto err_close;
	}

	ret = blkzone_dev_new(&blkzone_blkdev_ops, NULL, &dev);
	if (ret)
		goto err_close;
	ret = blkzone_blkdev_setup(dev, fd);
	if (ret) {
		free(dev);
		goto err_close;
	}
	dev->open_flags = flags;
	*devp = dev;
	return 0;

err_close:
	close(fd);
	return ret;
}

/* Contract in libblkzone.h. */
int blkzone_fd(const struct blkzone_dev *dev)
{
	if (!dev)
		return -EINVAL;
	/* I/O on an image's file would bypass its zones and records. */
	if (dev->ops != &blkzone_blkdev_ops)
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
