// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/fs.h>

#include "blkzone-private.h"

/* Linux 5.5; older system headers lack them. */
#ifndef BLKOPENZONE
#define BLKOPENZONE	_IOW(0x12, 134, struct blk_zone_range)
#endif
#ifndef BLKCLOSEZONE
#define BLKCLOSEZONE	_IOW(0x12, 135, struct blk_zone_range)
#endif
#ifndef BLKFINISHZONE
#define BLKFINISHZONE	_IOW(0x12, 136, struct blk_zone_range)
#endif

/* What only a block device has: the handle's priv. */
struct blkdev {
	int sysfs_fd;		/* the whole disk's /sys/dev/block node */
	bool is_partition;
	uint64_t part_start;	/* bytes from the disk start */
};

static int open_sysfs_node(dev_t devno)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u",
		 major(devno), minor(devno));
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? -ENODEV : -errno;
	return fd;
}

/*
 * A partition is handled through its own file descriptor (so that it needs
 * no access to the whole disk), but the queue limits and the zone geometry
 * belong to the disk, one sysfs level up.
 */
static int sysfs_setup(struct blkdev *bd, dev_t devno)
{
	uint64_t start;
	int node, disk, ret;

	node = open_sysfs_node(devno);
	if (node < 0)
		return node;

	if (faccessat(node, "partition", F_OK, 0) == 0) {
		ret = blkzone_sysfs_read_u64(node, "start", &start);
		if (ret) {
			close(node);
			return ret;
		}
		if (start > UINT64_MAX >> BLKZONE_SECTOR_SHIFT) {
			close(node);
			return -EOVERFLOW;
		}
		disk = openat(node, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		ret = -errno;
		close(node);
		if (disk < 0)
			return ret;
		bd->is_partition = true;
		bd->part_start = start << BLKZONE_SECTOR_SHIFT;
	} else {
		disk = node;
	}
	bd->sysfs_fd = disk;
	return 0;
}

static void blkdev_release(struct blkzone_dev *dev)
{
	struct blkdev *bd = dev->priv;

	close(bd->sysfs_fd);
	free(bd);
	close(dev->fd);
}

static enum blkzone_model read_model(struct blkzone_dev *dev)
{
	const struct blkdev *bd = dev->priv;
	char buf[32];

	if (blkzone_sysfs_read_str(bd->sysfs_fd, "queue/zoned", buf,
				   sizeof(buf)))
		return BLKZONE_MODEL_UNKNOWN;
	if (!strcmp(buf, "none"))
		return BLKZONE_MODEL_NONE;
	if (!strcmp(buf, "host-aware"))
		return BLKZONE_MODEL_HOST_AWARE;
	if (!strcmp(buf, "host-managed"))
		return BLKZONE_MODEL_HOST_MANAGED;
	return BLKZONE_MODEL_UNKNOWN;
}

static int blkdev_geometry(struct blkzone_dev *dev,
			   struct blkzone_geometry *geo)
{
	const struct blkdev *bd = dev->priv;
	uint64_t size, chunk;
	uint32_t zone_sectors = 0;

	if (ioctl(dev->fd, BLKGETSIZE64, &size) < 0)
		return -errno;

	geo->model = read_model(dev);
	geo->capacity = size;
	geo->zone_size = 0;
	geo->part_start = bd->part_start;

	if (ioctl(dev->fd, BLKGETZONESZ, &zone_sectors) < 0) {
		if (errno != ENOTTY && errno != EINVAL)
			return -errno;
		/*
		 * Kernels before BLKGETZONESZ (4.20) still publish the zone
		 * size of a zoned disk as its chunk size.
		 */
		if ((geo->model == BLKZONE_MODEL_HOST_AWARE ||
		     geo->model == BLKZONE_MODEL_HOST_MANAGED) &&
		    !blkzone_sysfs_read_u64(bd->sysfs_fd,
					    "queue/chunk_sectors", &chunk) &&
		    chunk <= UINT32_MAX)
			zone_sectors = chunk;
	}
	geo->zone_size = (uint64_t)zone_sectors << BLKZONE_SECTOR_SHIFT;
	return 0;
}

static uint64_t read_limit(struct blkzone_dev *dev, const char *name)
{
	const struct blkdev *bd = dev->priv;
	uint64_t v;

	/* An attribute older than the running kernel means "no limit". */
	if (blkzone_sysfs_read_u64(bd->sysfs_fd, name, &v))
		return 0;
	return v;
}

static uint32_t clamp32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static int blkdev_get_info(struct blkzone_dev *dev, struct blkzone_info *info)
{
	const struct blkdev *bd = dev->priv;
	struct blkzone_geometry geo;
	unsigned int pbs;
	uint32_t nr = 0;
	int lbs, ret;

	ret = blkdev_geometry(dev, &geo);
	if (ret)
		return ret;
	if (ioctl(dev->fd, BLKSSZGET, &lbs) < 0)
		return -errno;
	if (ioctl(dev->fd, BLKPBSZGET, &pbs) < 0)
		return -errno;

	info->model = geo.model;
	info->logical_block_size = lbs;
	info->physical_block_size = pbs;
	info->capacity = geo.capacity;
	info->is_partition = bd->is_partition;
	info->partition_offset = bd->part_start;
	info->zone_size = geo.zone_size;
	if (!geo.zone_size)
		return 0;

	if (bd->is_partition) {
		nr = clamp32((geo.capacity + geo.zone_size - 1) / geo.zone_size);
	} else if (ioctl(dev->fd, BLKGETNRZONES, &nr) < 0) {
		if (errno != ENOTTY && errno != EINVAL)
			return -errno;
		nr = clamp32((geo.capacity + geo.zone_size - 1) / geo.zone_size);
	}
	info->nr_zones = nr;
	info->max_open_zones = clamp32(read_limit(dev, "queue/max_open_zones"));
	info->max_active_zones =
		clamp32(read_limit(dev, "queue/max_active_zones"));
	info->zone_append_max_bytes =
		read_limit(dev, "queue/zone_append_max_bytes");
	info->zone_write_granularity =
		clamp32(read_limit(dev, "queue/zone_write_granularity"));
	return 0;
}

static int blkdev_report(struct blkzone_dev *dev, struct blk_zone_report *rep,
			 bool cached)
{
	int ret;

	rep->flags = cached ? BLK_ZONE_REP_CACHED : 0;
	ret = ioctl(dev->fd, cached ? BLKREPORTZONEV2 : BLKREPORTZONE, rep);
	return ret < 0 ? -errno : 0;
}

/*
 * The kernel remaps zone management requests sent through a partition by
 * the partition start, as it does any bio: the range it takes is relative
 * to the partition, not to the disk as the backend interface has it.
 */
static int blkdev_zone_mgmt(struct blkzone_dev *dev, enum blkzone_op op,
			    uint64_t sector, uint64_t nr_sectors)
{
	const struct blkdev *bd = dev->priv;
	uint64_t part = bd->part_start >> BLKZONE_SECTOR_SHIFT;
	struct blk_zone_range range = {
		.sector = sector - part,
		.nr_sectors = nr_sectors,
	};
	unsigned long req;

	if (sector < part)
		return -EINVAL;

	switch (op) {
	case BLKZONE_OP_RESET:
		req = BLKRESETZONE;
		break;
	case BLKZONE_OP_OPEN:
		req = BLKOPENZONE;
		break;
	case BLKZONE_OP_CLOSE:
		req = BLKCLOSEZONE;
		break;
	case BLKZONE_OP_FINISH:
		req = BLKFINISHZONE;
		break;
	default:
		return -EINVAL;
	}
	return ioctl(dev->fd, req, &range) < 0 ? -errno : 0;
}

/* pread(2) takes an off_t, which has 32 bits without large file support. */
static bool off_t_fits(uint64_t offset)
{
	return sizeof(off_t) >= sizeof(int64_t) ? offset <= INT64_MAX :
						  offset <= INT32_MAX;
}

static int64_t blkdev_pread(struct blkzone_dev *dev, void *buf, size_t len,
			    uint64_t offset)
{
	ssize_t n;

	if (!off_t_fits(offset))
		return -EINVAL;
	n = pread(dev->fd, buf, len, (off_t)offset);
	return n < 0 ? -errno : n;
}

static int64_t blkdev_pwrite(struct blkzone_dev *dev, const void *buf,
			     size_t len, uint64_t offset)
{
	ssize_t n;

	if (!off_t_fits(offset))
		return -EINVAL;
	n = pwrite(dev->fd, buf, len, (off_t)offset);
	return n < 0 ? -errno : n;
}

static const struct blkzone_ops blkdev_ops = {
	.geometry	= blkdev_geometry,
	.get_info	= blkdev_get_info,
	.report		= blkdev_report,
	.zone_mgmt	= blkdev_zone_mgmt,
	.pread		= blkdev_pread,
	.pwrite		= blkdev_pwrite,
	.release	= blkdev_release,
};

/* Contract in blkzone-private.h. */
int blkzone_blkdev_probe(struct blkzone_dev *dev, int fd,
			 const struct stat *st)
{
	struct blkdev *bd;
	int ret;

	if (!S_ISBLK(st->st_mode))
		return -ENOTBLK;
	bd = calloc(1, sizeof(*bd));
	if (!bd)
		return -ENOMEM;
	ret = sysfs_setup(bd, st->st_rdev);
	if (ret) {
		free(bd);
		return ret;
	}
	dev->ops = &blkdev_ops;
	dev->priv = bd;
	dev->fd = fd;
	dev->fd_is_device = true;
	dev->report_batch = blkzone_sysfs_report_batch(bd->sysfs_fd);
	return 0;
}
