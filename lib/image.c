// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Zone images: the backend operations, opening, checking and creating an
 * image.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "image-private.h"

static int image_geometry(struct blkzone_dev *dev,
			  struct blkzone_geometry *geo)
{
	const struct image *img = dev->priv;

	geo->model = img->model;
	geo->zone_size = img->zone_size;
	geo->capacity = img_capacity(img);
	geo->part_start = 0;
	return 0;
}

static int image_get_info(struct blkzone_dev *dev, struct blkzone_info *info)
{
	const struct image *img = dev->priv;

	info->model = img->model;
	info->logical_block_size = img->lbs;
	info->physical_block_size = img->lbs;
	info->nr_zones = img->nr_zones;
	info->capacity = img_capacity(img);
	info->zone_size = img->zone_size;
	info->max_open_zones = img->max_open;
	info->max_active_zones = img->max_active;
	info->zone_append_max_bytes = 0;
	info->zone_write_granularity = img->lbs;
	return 0;
}

struct report_fill {
	const struct image *img;
	bool cached;
	struct blk_zone *zones;
};

static void fill_visit(void *arg, uint32_t zone, uint32_t i,
		       const struct zrec *z)
{
	const struct report_fill *r = arg;

	img_fill_zone(r->img, zone, z, r->cached, &r->zones[i]);
}

static int image_report(struct blkzone_dev *dev, struct blk_zone_report *rep,
			bool cached)
{
	struct image *img = dev->priv;
	struct report_fill r = {
		.img = img,
		.cached = cached,
		.zones = rep->zones,
	};
	uint64_t zone;
	uint32_t n;
	int ret;

	zone = (rep->sector << BLKZONE_SECTOR_SHIFT) / img->zone_size;
	if (rep->sector > UINT64_MAX >> BLKZONE_SECTOR_SHIFT ||
	    zone >= img->nr_zones) {
		rep->nr_zones = 0;
		rep->flags = BLK_ZONE_REP_CAPACITY;
		return 0;
	}
	n = rep->nr_zones;
	if (n > img->nr_zones - zone)
		n = img->nr_zones - zone;

	/* One lock for the whole answer: a consistent snapshot. */
	ret = img_lock(img, LOCK_SH);
	if (ret)
		return ret;
	ret = img_walk_recs(img, zone, n, fill_visit, &r, NULL);
	img_unlock(img);
	if (ret)
		return ret;
	rep->nr_zones = n;
	rep->flags = BLK_ZONE_REP_CAPACITY;
	return 0;
}

static bool writable(const struct blkzone_dev *dev)
{
	return (dev->open_flags & O_ACCMODE) != O_RDONLY;
}

static int image_zone_mgmt(struct blkzone_dev *dev, enum blkzone_op op,
			   uint64_t sector, uint64_t nr_sectors)
{
	struct image *img = dev->priv;
	uint64_t zsec = img->zone_size >> BLKZONE_SECTOR_SHIFT;
	uint64_t nsec = img_capacity(img) >> BLKZONE_SECTOR_SHIFT;

	if (!writable(dev))
		return -EBADF;
	if (op < BLKZONE_OP_RESET || op > BLKZONE_OP_FINISH)
		return -EINVAL;
	/* As the kernel: whole zones, a smaller last zone by its own size. */
	if (!nr_sectors || sector % zsec || sector >= nsec ||
	    nr_sectors > nsec - sector ||
	    (nr_sectors % zsec && sector + nr_sectors != nsec))
		return -EINVAL;
	return img_zone_mgmt(img, op, sector / zsec,
			     (nr_sectors + zsec - 1) / zsec);
}

static int64_t image_pwrite(struct blkzone_dev *dev, const void *buf,
			    size_t len, uint64_t offset)
{
	struct image *img = dev->priv;
	uint64_t size = img_capacity(img);
	uint32_t zone, last;
	int ret;

	if (!writable(dev))
		return -EBADF;
	if (!buf || offset % img->lbs || len % img->lbs)
		return -EINVAL;
	if (!len)
		return 0;
	/* As on a block device: nothing at the end, a short write across. */
	if (offset >= size)
		return -ENOSPC;
	if (len > size - offset)
		len = size - offset;
	zone = offset / img->zone_size;
	last = (offset + len - 1) / img->zone_size;
	if (!img_is_conv(img, zone) || !img_is_conv(img, last)) {
		/* ZBC fails a write across a sequential zone boundary. */
		if (zone != last)
			return -EIO;
		return img_seq_write(img, buf, len, zone,
				     offset - (uint64_t)zone * img->zone_size);
	}
	/* Conventional zones: a plain disk, no records to update. */
	if (len > INT64_MAX)
		len = INT64_MAX;
	ret = img_pwrite_full(img->fd, buf, len, img->data_offset + offset);
	return ret ? ret : (int64_t)len;
}

static int64_t image_pread(struct blkzone_dev *dev, void *buf, size_t len,
			   uint64_t offset)
{
	struct image *img = dev->priv;
	uint64_t size = img_capacity(img);
	unsigned char *p = buf;
	uint64_t pos, end, zend, valid;
	uint32_t zone, last, base;
	struct zrec *recs = NULL;
	int ret;

	if ((dev->open_flags & O_ACCMODE) == O_WRONLY)
		return -EBADF;
	if (!buf || offset % img->lbs || len % img->lbs)
		return -EINVAL;
	if (!len || offset >= size)
		return 0;
	if (len > size - offset)
		len = size - offset;
	if (len > (1U << 30))
		len = 1U << 30;
	zone = offset / img->zone_size;
	last = (offset + len - 1) / img->zone_size;

	ret = img_lock(img, LOCK_SH);
	if (ret)
		return ret;
	/* Only the records of the zones read: reads need no counts. */
	base = zone;
	if (!img_is_conv(img, last)) {
		ret = img_read_range(img, zone, last - zone + 1, &recs);
		if (ret)
			goto out;
	}
	for (pos = offset, end = offset + len; pos < end; pos = zend) {
		zone = pos / img->zone_size;
		zend = img_zone_start(img, zone) + img_zone_len(img, zone);
		if (zend > end)
			zend = end;
		valid = zend;
		if (!img_is_conv(img, zone)) {
			uint64_t de = img_zone_start(img, zone) +
				      recs[zone - base].data_end;

			if (de < valid)
				valid = de > pos ? de : pos;
		}
		if (valid > pos) {
			ret = img_pread_full(img->fd, p + (pos - offset),
					     valid - pos,
					     img->data_offset + pos);
			if (ret == -ENODATA)
				ret = -EUCLEAN;
			if (ret)
				goto out;
		}
		memset(p + (valid - offset), 0, zend - valid);
	}
out:
	free(recs);
	img_unlock(img);
	return ret ? ret : (int64_t)len;
}

static void image_free(struct image *img)
{
	pthread_mutex_destroy(&img->lock);
	free(img);
}

static void image_release(struct blkzone_dev *dev)
{
	struct image *img = dev->priv;

	if (img) {
		if (img->mfd != dev->fd)
			close(img->mfd);
		image_free(img);
	}
	if (dev->fd >= 0)
		close(dev->fd);
}

static const struct blkzone_ops image_ops = {
	.geometry	= image_geometry,
	.get_info	= image_get_info,
	.report		= image_report,
	.zone_mgmt	= image_zone_mgmt,
	.pread		= image_pread,
	.pwrite		= image_pwrite,
	.release	= image_release,
};

/*
 * The O_EXCL claim: a read lock (an open file description lock, apart from
 * flock()) on byte 0, which needs only read access, taken when no other
 * claim holds it.  Checking and taking happen under the exclusive flock()
 * so that two claimers cannot both see the byte free.
 */
static int claim(int fd)
{
	struct flock fl = {
		.l_type = F_WRLCK,
		.l_whence = SEEK_SET,
		.l_start = 0,
		.l_len = 1,
	};
	int ret = 0;

	while (flock(fd, LOCK_EX) < 0)
		if (errno != EINTR)
			return -errno;
	if (fcntl(fd, F_OFD_GETLK, &fl) < 0) {
		ret = -errno;
	} else if (fl.l_type != F_UNLCK) {
		ret = -EBUSY;
	} else {
		fl.l_type = F_RDLCK;
		fl.l_whence = SEEK_SET;
		fl.l_start = 0;
		fl.l_len = 1;
		fl.l_pid = 0;
		if (fcntl(fd, F_OFD_SETLK, &fl) < 0)
			ret = -errno;
	}
	flock(fd, LOCK_UN);
	return ret;
}

/*
 * The descriptor for the header and the records: @fd itself when it is
 * buffered and readable, else the same file opened again so.
 */
static int open_meta_fd(int fd, int flags)
{
	char path[64];
	int mfd;

	if (!(flags & O_DIRECT) && (flags & O_ACCMODE) != O_WRONLY)
		return fd;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	mfd = open(path, ((flags & O_ACCMODE) == O_RDONLY ? O_RDONLY : O_RDWR) |
		   O_CLOEXEC | O_NOCTTY);
	return mfd < 0 ? -errno : mfd;
}

/*
 * The image on @fd (zone data) and @mfd (header and records), from its
 * header; -ENOTBLK if none.
 */
static int image_new(int fd, int mfd, struct image **imgp, struct fault *f)
{
	struct image *img;
	int ret;

	img = calloc(1, sizeof(*img));
	if (!img)
		return -ENOMEM;
	img->fd = fd;
	img->mfd = mfd;
	ret = img_read_header(mfd, img, f);
	if (!ret)
		ret = -pthread_mutex_init(&img->lock, NULL);
	if (ret) {
		free(img);
		return ret;
	}
	*imgp = img;
	return 0;
}

/* Contract in blkzone-private.h. */
int blkzone_image_probe(struct blkzone_dev *dev, int fd,
			const struct stat *st)
{
	struct image *img;
	int mfd, ret;

	/* Other regular files fail the header check with -ENOTBLK too. */
	if (!S_ISREG(st->st_mode))
		return -ENOTBLK;
	mfd = open_meta_fd(fd, dev->open_flags);
	if (mfd < 0)
		return mfd;
	ret = image_new(fd, mfd, &img, NULL);
	if (ret)
		goto err_close;
	if (dev->open_flags & O_EXCL) {
		ret = claim(mfd);
		if (ret)
			goto err_free;
	}
	/*
	 * Nothing more is read: each call checks the records it reads, so
	 * that opening a large image costs no more than a small one.
	 */
	dev->ops = &image_ops;
	dev->priv = img;
	dev->fd = fd;
	/* A report reads the records REC_BATCH at a time: no more is needed. */
	dev->report_batch = REC_BATCH;
	return 0;

err_free:
	image_free(img);
err_close:
	if (mfd != fd)
		close(mfd);
	return ret;
}

/* Contract in libblkzone.h. */
int blkzone_image_check(const char *path, char *msg, size_t size)
{
	struct fault f = { .msg = msg, .size = size };
	struct image *img;
	int fd, ret;

	if (msg && size)
		*msg = 0;
	if (!path)
		return -EINVAL;
	/* O_NONBLOCK: a FIFO given by mistake must not block the open. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	/* No handle: the records are read, never the zone data. */
	ret = image_new(fd, fd, &img, &f);
	if (!ret) {
		ret = img_lock(img, LOCK_SH);
		if (!ret) {
			ret = img_check_records(img, &f);
			img_unlock(img);
		}
		image_free(img);
	}
	close(fd);
	return ret;
}

/* A name next to @path that nothing else uses, created with O_EXCL. */
/* Contract in image-private.h. */
int img_create_temp(const char *path, char **tmpp)
{
	size_t len = strlen(path) + 32;
	struct timespec ts;
	char *tmp;
	int fd, i;

	tmp = malloc(len);
	if (!tmp)
		return -ENOMEM;
	for (i = 0; i < 100; i++) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		snprintf(tmp, len, "%s.%ld.%lx.tmp", path, (long)getpid(),
			 (unsigned long)(ts.tv_nsec ^ (ts.tv_sec << 20)) + i);
		fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0) {
			*tmpp = tmp;
			return fd;
		}
		if (errno != EEXIST)
			break;
	}
	fd = -errno;
	free(tmp);
	return fd;
}

struct rec_fill {
	int fd;
	img_state_fn state;
	void *arg;
};

/* Records of a new image: slot 0 generation 1, slot 1 left zero (invalid). */
static int fill_batch(void *arg, uint32_t zone, uint32_t k,
		      unsigned char *buf)
{
	const struct rec_fill *rf = arg;
	struct zrec z;
	uint32_t i;

	for (i = 0; i < k; i++) {
		memset(&z, 0, sizeof(z));
		rf->state(rf->arg, zone + i, &z);
		z.gen = 1;
		img_encode_slot(zone + i, &z, buf + (size_t)i * IMG_REC_SIZE);
	}
	return img_pwrite_full(rf->fd, buf, (size_t)k * IMG_REC_SIZE,
			       IMG_REC_OFFSET + (uint64_t)zone * IMG_REC_SIZE);
}

/* Contract in image-private.h. */
int img_fill_records(int fd, const struct blkzone_image_geometry *g,
		     img_state_fn state, void *arg)
{
	struct rec_fill rf = { .fd = fd, .state = state, .arg = arg };
	uint64_t data = img_data_offset(g->nr_zones);
	uint64_t size = img_geometry_bytes(g);

	if (data + size > INT64_MAX)
		return -EFBIG;
	if (ftruncate(fd, data + size) < 0)
		return -errno;
	return img_rec_batches(0, g->nr_zones, fill_batch, &rf);
}

/* Contract in image-private.h. */
int img_finish_file(int fd, const struct blkzone_image_geometry *g)
{
	unsigned char h[IMG_HDR_SIZE];
	int ret;

	img_encode_header(g, h);
	ret = img_pwrite_full(fd, h, sizeof(h), 0);
	if (ret)
		return ret;
	/* The name appears only once the content is on stable storage. */
	return fsync(fd) < 0 ? -errno : 0;
}

static void fresh_state(void *arg, uint32_t zone, struct zrec *z)
{
	const struct blkzone_image_geometry *g = arg;

	z->cond = zone < g->nr_conv_zones ? BLKZONE_COND_NOT_WP :
					    BLKZONE_COND_EMPTY;
}

static int fill_image(int fd, const struct blkzone_image_geometry *g)
{
	int ret = img_fill_records(fd, g, fresh_state, (void *)g);

	return ret ? ret : img_finish_file(fd, g);
}

int blkzone_image_create(const char *path,
			 const struct blkzone_image_geometry *geo)
{
	char *tmp = NULL;
	int fd, ret;

	if (!path || !*path || !geo || !img_geometry_valid(geo))
		return -EINVAL;
	fd = img_create_temp(path, &tmp);
	if (fd < 0)
		return fd;
	ret = fill_image(fd, geo);
	close(fd);
	/* link() never replaces: an existing @path fails with EEXIST. */
	if (!ret && link(tmp, path) < 0)
		ret = -errno;
	unlink(tmp);
	free(tmp);
	return ret;
}
