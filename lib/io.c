// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include "blkzone-private.h"

static int logical_block_size(struct blkzone_dev *dev, uint32_t *lbs)
{
	struct blkzone_info info;
	int ret;

	memset(&info, 0, sizeof(info));
	ret = dev->ops->get_info(dev, &info);
	if (ret)
		return ret;
	/* A size that is no power of 2 would make every check below lie. */
	if (!info.logical_block_size ||
	    (info.logical_block_size & (info.logical_block_size - 1)))
		return -EIO;
	*lbs = info.logical_block_size;
	return 0;
}

/*
 * Everything that the kernel would refuse only after part of a transfer, or
 * that would leave a half-written range behind, is checked first.
 */
static int check_io(struct blkzone_dev *dev, uint64_t offset, const void *buf,
		    size_t len, bool write)
{
	struct blkzone_geometry geo;
	uint32_t lbs;
	int mode, ret;

	if (!dev || (!buf && len) || len > INT64_MAX)
		return -EINVAL;
	mode = dev->open_flags & O_ACCMODE;
	if (write ? mode == O_RDONLY : mode == O_WRONLY)
		return -EBADF;
	if (write ? !dev->ops->pwrite : !dev->ops->pread)
		return -EOPNOTSUPP;

	ret = dev->ops->geometry(dev, &geo);
	if (ret)
		return ret;
	if (offset > geo.capacity || len > geo.capacity - offset)
		return -EINVAL;

	if (dev->open_flags & O_DIRECT) {
		ret = logical_block_size(dev, &lbs);
		if (ret)
			return ret;
		if (offset % lbs || len % lbs || (uintptr_t)buf % lbs)
			return -EINVAL;
	}
	return 0;
}

static int64_t transfer(struct blkzone_dev *dev, uint64_t offset, void *rbuf,
			const void *wbuf, size_t len)
{
	size_t done = 0;
	int64_t n;

	while (done < len) {
		if (wbuf)
			n = dev->ops->pwrite(dev, (const char *)wbuf + done,
					     len - done, offset + done);
		else
			n = dev->ops->pread(dev, (char *)rbuf + done,
					    len - done, offset + done);
		if (n == -EINTR)
			continue;
		/*
		 * Data already transferred is reported first; the error comes
		 * again with the next call, which starts where this one
		 * stopped.
		 */
		if (n < 0)
			return done ? (int64_t)done : n;
		if ((uint64_t)n > len - done)
			return -EIO;
		if (n == 0) {
			/* The device shrank under us. */
			if (done || !wbuf)
				break;
			return -ENOSPC;
		}
		done += n;
	}
	return done;
}

/* The checks, then the transfer: @write says which, even for 0 bytes. */
static int64_t checked_transfer(struct blkzone_dev *dev, uint64_t offset,
				void *rbuf, const void *wbuf, size_t len,
				bool write)
{
	int ret = check_io(dev, offset, write ? wbuf : rbuf, len, write);

	if (ret)
		return ret;
	return transfer(dev, offset, rbuf, wbuf, len);
}

int64_t blkzone_read(struct blkzone_dev *dev, uint64_t offset, void *buf,
		     size_t len)
{
	return checked_transfer(dev, offset, buf, NULL, len, false);
}

int64_t blkzone_write(struct blkzone_dev *dev, uint64_t offset,
		      const void *buf, size_t len)
{
	return checked_transfer(dev, offset, NULL, buf, len, true);
}

int64_t blkzone_zone_write(struct blkzone_dev *dev, uint64_t zone_offset,
			   const void *buf, size_t len)
{
	struct blkzone_zone z;
	uint32_t lbs;
	int ret;

	if (!dev || (!buf && len) || len > INT64_MAX)
		return -EINVAL;
	if ((dev->open_flags & O_ACCMODE) == O_RDONLY)
		return -EBADF;

	/* A cached report may lag behind the write pointer: ask the device. */
	ret = blkzone_zone_at(dev, zone_offset, 0, &z);
	if (ret)
		return ret;
	if (z.start != zone_offset)
		return -EINVAL;
	if (z.type != BLKZONE_TYPE_SEQWRITE_REQ &&
	    z.type != BLKZONE_TYPE_SEQWRITE_PREF)
		return -EINVAL;
	ret = logical_block_size(dev, &lbs);
	if (ret)
		return ret;
	if (len % lbs)
		return -EINVAL;

	switch (z.cond) {
	case BLKZONE_COND_EMPTY:
	case BLKZONE_COND_IMP_OPEN:
	case BLKZONE_COND_EXP_OPEN:
	case BLKZONE_COND_CLOSED:
		break;
	case BLKZONE_COND_FULL:
		return -ENOSPC;
	case BLKZONE_COND_READONLY:
		return -EROFS;
	default:
		/* Offline, or a condition no sequential zone may have. */
		return -EIO;
	}
	if (z.wp == BLKZONE_WP_INVALID || z.wp < z.start ||
	    z.wp - z.start > z.capacity)
		return -EIO;
	if (len > z.capacity - (z.wp - z.start))
		return -ENOSPC;
	if (!len)
		return 0;
	return blkzone_write(dev, z.wp, buf, len);
}
