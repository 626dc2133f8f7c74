/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef BLKZONE_PRIVATE_H
#define BLKZONE_PRIVATE_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/blkzoned.h>

#include "libblkzone.h"

/*
 * The cached report ABI (Linux 6.19 and this project's 6.1 series).  Older
 * system headers lack it; the values must stay those of the kernel.
 */
#if !HAVE_DECL_BLKREPORTZONEV2
#define BLKREPORTZONEV2		_IOWR(0x12, 142, struct blk_zone_report)
#endif
#if !HAVE_DECL_BLK_ZONE_REP_CACHED
#define BLK_ZONE_REP_CACHED	(1U << 31)
#endif
#if !HAVE_DECL_BLK_ZONE_COND_ACTIVE
#define BLK_ZONE_COND_ACTIVE	0xFF
#endif
#if !HAVE_DECL_BLK_ZONE_REP_CAPACITY
#define BLK_ZONE_REP_CAPACITY	(1U << 0)
#endif

struct blkzone_geometry {
	enum blkzone_model model;
	uint64_t capacity;	/* bytes */
	uint64_t zone_size;	/* bytes; 0 when zone reports cannot work */
	/*
	 * Bytes from the disk start to the device's: zone reports and zone
	 * management work in disk sectors, callers in device bytes.
	 */
	uint64_t part_start;
};

/*
 * What differs between kinds of devices: block devices and zone images
 * (regular files) are two sets of operations behind the same handle.
 */
struct blkzone_ops {
	int (*geometry)(struct blkzone_dev *dev, struct blkzone_geometry *geo);
	/*
	 * Everything but zone_capacity and cached_report, which the generic
	 * code derives from reports.
	 */
	int (*get_info)(struct blkzone_dev *dev, struct blkzone_info *info);
	/*
	 * One request with the semantics of BLKREPORTZONE: up to
	 * rep->nr_zones zones from the zone holding rep->sector (512-byte
	 * sectors from the start of the disk).  On success rep->nr_zones and
	 * rep->flags hold the kernel's answer.  A backend without cached
	 * reports fails a cached request with -ENOTTY.
	 */
	int (*report)(struct blkzone_dev *dev, struct blk_zone_report *rep,
		      bool cached);
	/*
	 * One zone management request with the semantics of BLKRESETZONE,
	 * BLKOPENZONE, BLKCLOSEZONE and BLKFINISHZONE: @sector and
	 * @nr_sectors are 512-byte disk sectors, already checked to cover
	 * whole zones of the device.  A reset that covers the whole disk is a
	 * reset of all zones.
	 */
	int (*zone_mgmt)(struct blkzone_dev *dev, enum blkzone_op op,
			 uint64_t sector, uint64_t nr_sectors);
	/*
	 * pread(2) and pwrite(2) at byte @offset of the opened device: may
	 * transfer less than asked; return the bytes or a negative errno.
	 */
	int64_t (*pread)(struct blkzone_dev *dev, void *buf, size_t len,
			 uint64_t offset);
	int64_t (*pwrite)(struct blkzone_dev *dev, const void *buf, size_t len,
			  uint64_t offset);
	void (*release)(struct blkzone_dev *dev);
};

/* Never changed after blkzone_open() returns: reports may run in parallel. */
struct blkzone_dev {
	const struct blkzone_ops *ops;
	void *priv;		/* the backend's own */
	int fd;
	int open_flags;		/* the flags given to blkzone_open() */
	bool fd_is_device;	/* I/O on @fd is the device's: blkzone_fd() */
	/*
	 * The zones a report asks for at once, at most BLKZONE_REPORT_BATCH;
	 * 0 for that.  The batch is memory held for the whole report, and on
	 * some disks a device command per call: each backend sizes it.
	 */
	uint32_t report_batch;
};

/* A handle on @ops and @priv, without a descriptor yet (fd -1). */
int blkzone_dev_new(const struct blkzone_ops *ops, void *priv,
		    struct blkzone_dev **devp);

/*
 * The backends' probes, which blkzone_open() tries in turn.  Each makes
 * @dev, a new handle with only open_flags set, a handle on @fd if the file
 * (@st) is of its kind: it sets ops, priv and fd, and the handle owns @fd.
 * -ENOTBLK if the file is of another kind; on any error @dev is left as it
 * was and @fd is still the caller's.
 *
 * The image probe also fails with -EUCLEAN on a damaged header or size
 * (records are checked when read).
 */
int blkzone_blkdev_probe(struct blkzone_dev *dev, int fd,
			 const struct stat *st);
int blkzone_image_probe(struct blkzone_dev *dev, int fd,
			const struct stat *st);

int blkzone_report_start_batch(struct blkzone_dev *dev,
			       const struct blkzone_report_opts *opts,
			       uint32_t max_batch,
			       struct blkzone_report_iter **itp);
/*
 * The first zone a report with @opts gives, asking @max_batch zones at a
 * time: 1 with it in @zone, 0 if the report is empty, or a negative errno.
 */
int blkzone_report_first(struct blkzone_dev *dev,
			 const struct blkzone_report_opts *opts,
			 uint32_t max_batch, struct blkzone_zone *zone);

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* True for the errors a kernel without cached reports gives. */
static inline bool blkzone_no_cached_report(int err)
{
	return err == -ENOTTY || err == -EINVAL || err == -EOPNOTSUPP;
}

int blkzone_sysfs_read_str(int dirfd, const char *name, char *buf,
			   size_t size);
int blkzone_sysfs_read_u64(int dirfd, const char *name, uint64_t *val);
/*
 * The zones a report of the disk whose /sys/block node is @disk_fd asks
 * for at once (struct blkzone_dev's report_batch).
 */
uint32_t blkzone_sysfs_report_batch(int disk_fd);

#endif /* BLKZONE_PRIVATE_H */
