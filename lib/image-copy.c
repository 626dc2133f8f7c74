// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A device's zones into a new zone image (dump), and a device's zones onto
 * another of the same geometry (restore).
 *
 * A dump writes the image's records and data directly, in a file with no
 * name (or a temporary one) whose header comes last, and links it at its
 * path once complete: a dump stopped half way leaves nothing that opens.
 * A restore goes through the target's own zone commands, so that the
 * target, a disk or an image, ends in each zone's state by its own rules.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image-private.h"

/* Bytes read or written at a time. */
#define COPY_CHUNK	(1U << 20)

/* A device as a copy sees it: its geometry and every zone. */
struct zoned {
	struct blkzone_info info;
	struct blkzone_zone *zones;
	uint32_t nr;
};

static int zoned_load(struct blkzone_dev *dev, struct zoned *z)
{
	struct blkzone_report_opts opts;
	int64_t n;
	int ret;

	memset(z, 0, sizeof(*z));
	memset(&opts, 0, sizeof(opts));
	ret = blkzone_get_info(dev, &z->info);
	if (ret)
		return ret;
	if (!z->info.nr_zones)
		return -ENOTTY;
	n = blkzone_report_zones(dev, &opts, &z->zones);
	if (n < 0)
		return (int)n;
	if (n != z->info.nr_zones) {
		free(z->zones);
		return -EIO;
	}
	z->nr = (uint32_t)n;
	return 0;
}

static bool is_conv(const struct blkzone_zone *z)
{
	return z->type == BLKZONE_TYPE_CONVENTIONAL;
}

static bool all_zero(const unsigned char *p, size_t n)
{
	return !n || (!p[0] && !memcmp(p, p + 1, n - 1));
}

/*
 * Reads the chunk of [@start, @start + @len) at @pos into @buf, its length
 * in *@n: 0, or a negative errno (-EIO for a short read).
 */
static int read_chunk(struct blkzone_dev *dev, uint64_t start, uint64_t len,
		      uint64_t pos, unsigned char *buf, size_t *n)
{
	int64_t r;

	*n = len - pos < COPY_CHUNK ? (size_t)(len - pos) : COPY_CHUNK;
	r = blkzone_read(dev, start + pos, buf, *n);
	if (r < 0)
		return (int)r;
	return (size_t)r == *n ? 0 : -EIO;
}

/* --- dump ------------------------------------------------------------------ */

/* What an image cannot hold of a zone: 0, or -EOPNOTSUPP said in @f. */
static int dump_zone_check(const struct zoned *s, uint32_t i, struct fault *f)
{
	const struct blkzone_zone *z = &s->zones[i];

	if (is_conv(z))
		return i && !is_conv(&s->zones[i - 1]) ?
		       img_fault(f, -EOPNOTSUPP, "zone %" PRIu32 " is "
				 "conventional after sequential zones: zone "
				 "images have theirs at the start", i) : 0;
	switch (z->cond) {
	case BLKZONE_COND_EMPTY:
	case BLKZONE_COND_IMP_OPEN:
	case BLKZONE_COND_EXP_OPEN:
	case BLKZONE_COND_CLOSED:
	case BLKZONE_COND_FULL:
		return 0;
	}
	return img_fault(f, -EOPNOTSUPP, "zone %" PRIu32 " is %s: zone images "
			 "have no such zones", i, blkzone_cond_name(z->cond,
								    false));
}

/* The geometry of an image of @s: 0, or -EOPNOTSUPP said in @f. */
static int dump_geometry(const struct zoned *s,
			 struct blkzone_image_geometry *g, struct fault *f)
{
	const struct blkzone_zone *last = &s->zones[s->nr - 1];
	uint32_t i;
	int ret;

	memset(g, 0, sizeof(*g));
	g->model = s->info.model;
	g->logical_block_size = s->info.logical_block_size;
	g->zone_size = s->info.zone_size;
	g->nr_zones = s->nr;
	g->max_open_zones = s->info.max_open_zones;
	g->max_active_zones = s->info.max_active_zones;
	for (i = 0; i < s->nr; i++) {
		const struct blkzone_zone *z = &s->zones[i];

		ret = dump_zone_check(s, i, f);
		if (ret)
			return ret;
		if (is_conv(z)) {
			g->nr_conv_zones = i + 1;
			continue;
		}
		if (i == s->nr - 1)
			break;
		if (!g->zone_capacity)
			g->zone_capacity = z->capacity;
		if (z->capacity != g->zone_capacity)
			return img_fault(f, -EOPNOTSUPP, "zone %" PRIu32 " has "
					 "a capacity of %" PRIu64 " bytes, "
					 "others %" PRIu64 ": zone images have "
					 "one zone capacity", i, z->capacity,
					 g->zone_capacity);
	}
	g->last_zone_size = last->len;
	g->last_zone_capacity = last->capacity;
	if (!g->zone_capacity)
		g->zone_capacity = g->zone_size;
	/* The rules' message says what the image cannot hold. */
	return img_geometry_check(g, f) ? -EOPNOTSUPP : 0;
}

static void dump_state(void *arg, uint32_t zone, struct zrec *r)
{
	const struct blkzone_zone *z = &((const struct zoned *)arg)->zones[zone];

	r->cond = z->cond;
	switch (z->cond) {
	case BLKZONE_COND_NOT_WP:
	case BLKZONE_COND_EMPTY:
		break;
	case BLKZONE_COND_FULL:
		r->wp = r->data_end = z->capacity;
		break;
	default:
		r->wp = r->data_end = z->wp - z->start;
	}
}

/* Copies [@start, @start + @len) of @dev into the image file, sparse. */
static int dump_range(struct blkzone_dev *dev, int fd, uint64_t data_off,
		      uint64_t start, uint64_t len, unsigned char *buf)
{
	uint64_t pos;
	size_t n;
	int ret;

	for (pos = 0; pos < len; pos += n) {
		ret = read_chunk(dev, start, len, pos, buf, &n);
		if (ret)
			return ret;
		if (all_zero(buf, n))
			continue;
		ret = img_pwrite_full(fd, buf, n, data_off + start + pos);
		if (ret)
			return ret;
	}
	return 0;
}

/* The written part of each zone: sequential zones up to the pointer. */
static int dump_data(struct blkzone_dev *dev, int fd, const struct zoned *s)
{
	uint64_t data_off = img_data_offset(s->nr);
	unsigned char *buf;
	struct zrec r;
	uint32_t i;
	int ret = 0;

	if (posix_memalign((void **)&buf, IMG_PAGE, COPY_CHUNK))
		return -ENOMEM;
	for (i = 0; i < s->nr && !ret; i++) {
		const struct blkzone_zone *z = &s->zones[i];

		memset(&r, 0, sizeof(r));
		dump_state((void *)s, i, &r);
		ret = dump_range(dev, fd, data_off, z->start,
				 is_conv(z) ? z->len : r.data_end, buf);
	}
	free(buf);
	return ret;
}

/*
 * A file for the image of @path, with no name where the file system can
 * (*@tmpp NULL), else a temporary name in *@tmpp.
 */
static int dump_open(const char *path, char **tmpp)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int fd;

	*tmpp = NULL;
	dir = slash ? strndup(path, slash == path ? 1 : slash - path)
		    : strdup(".");
	if (!dir)
		return -ENOMEM;
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
	free(dir);
	if (fd >= 0)
		return fd;
	return img_create_temp(path, tmpp);
}

/* Gives the finished file its name; never replaces an existing file. */
static int dump_link(int fd, const char *tmp, const char *path)
{
	char proc[64];

	if (tmp)
		return link(tmp, path) < 0 ? -errno : 0;
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	return linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW) < 0 ?
	       -errno : 0;
}

static int dump_file(struct blkzone_dev *dev, const struct zoned *s,
		     const struct blkzone_image_geometry *g, const char *path,
		     unsigned int flags)
{
	char *tmp;
	int fd, ret;

	if (!access(path, F_OK))
		return -EEXIST;
	fd = dump_open(path, &tmp);
	if (fd < 0)
		return fd;
	ret = img_fill_records(fd, g, dump_state, (void *)s);
	if (!ret && (flags & BLKZONE_DUMP_DATA))
		ret = dump_data(dev, fd, s);
	if (!ret)
		ret = img_finish_file(fd, g);
	if (!ret)
		ret = dump_link(fd, tmp, path);
	close(fd);
	if (tmp) {
		unlink(tmp);
		free(tmp);
	}
	return ret;
}

int blkzone_image_dump(struct blkzone_dev *dev, const char *path,
		       unsigned int flags, char *msg, size_t size)
{
	struct fault f = { .msg = msg, .size = size };
	struct blkzone_image_geometry g;
	struct zoned s;
	int ret;

	if (msg && size)
		*msg = 0;
	if (!dev || !path || !*path || (flags & ~BLKZONE_DUMP_DATA))
		return -EINVAL;
	ret = zoned_load(dev, &s);
	if (ret)
		return ret;
	ret = dump_geometry(&s, &g, &f);
	if (!ret)
		ret = dump_file(dev, &s, &g, path, flags);
	free(s.zones);
	return ret;
}

/* --- restore --------------------------------------------------------------- */

#define DIFFER(what, fmt, a, b)						\
	img_fault(f, -EINVAL, "%s: %" fmt " in the source, %" fmt	\
		  " on the device", what, a, b)

/* The first difference of geometry: 0, or -EINVAL said in @f. */
static int same_geometry(const struct zoned *a, const struct zoned *b,
			 struct fault *f)
{
	uint32_t i;

	if (a->info.model != b->info.model)
		return DIFFER("zone model", "s",
			      blkzone_model_name(a->info.model),
			      blkzone_model_name(b->info.model));
	if (a->info.logical_block_size != b->info.logical_block_size)
		return DIFFER("logical block size", PRIu32,
			      a->info.logical_block_size,
			      b->info.logical_block_size);
	if (a->info.zone_size != b->info.zone_size)
		return DIFFER("zone size", PRIu64, a->info.zone_size,
			      b->info.zone_size);
	if (a->nr != b->nr)
		return DIFFER("zones", PRIu32, a->nr, b->nr);
	for (i = 0; i < a->nr; i++) {
		const struct blkzone_zone *x = &a->zones[i], *y = &b->zones[i];

		if (x->type != y->type)
			return img_fault(f, -EINVAL, "zone %" PRIu32 ": %s in "
					 "the source, %s on the device", i,
					 blkzone_type_name(x->type, false),
					 blkzone_type_name(y->type, false));
		if (x->len != y->len || x->capacity != y->capacity)
			return img_fault(f, -EINVAL, "zone %" PRIu32 ": %" PRIu64
					 " bytes of capacity %" PRIu64 " in the "
					 "source, %" PRIu64 " of %" PRIu64 " on "
					 "the device", i, x->len, x->capacity,
					 y->len, y->capacity);
	}
	return 0;
}

/*
 * The open and active zones of @s within the limits of @d: 0, or -EINVAL
 * said in @f (a restore would fail part way).
 */
static int within_limits(const struct zoned *s, const struct zoned *d,
			 struct fault *f)
{
	uint32_t i, open = 0, active = 0;

	for (i = 0; i < s->nr; i++) {
		switch (s->zones[i].cond) {
		case BLKZONE_COND_IMP_OPEN:
		case BLKZONE_COND_EXP_OPEN:
			open++;
			/* fall through */
		case BLKZONE_COND_CLOSED:
			active++;
		}
	}
	if (d->info.max_open_zones && open > d->info.max_open_zones)
		return img_fault(f, -EINVAL, "%" PRIu32 " open zones in the "
				 "source, the device allows %" PRIu32, open,
				 d->info.max_open_zones);
	if (d->info.max_active_zones && active > d->info.max_active_zones)
		return img_fault(f, -EINVAL, "%" PRIu32 " active zones in the "
				 "source, the device allows %" PRIu32, active,
				 d->info.max_active_zones);
	return 0;
}

/* -EBUSY said in @f if a sequential zone of @d is not empty. */
static int all_empty(const struct zoned *d, struct fault *f)
{
	uint32_t i;

	for (i = 0; i < d->nr; i++)
		if (!is_conv(&d->zones[i]) &&
		    d->zones[i].cond != BLKZONE_COND_EMPTY)
			return img_fault(f, -EBUSY, "zone %" PRIu32 " of the "
					 "device is not empty (%s)", i,
					 blkzone_cond_name(d->zones[i].cond,
							   false));
	return 0;
}

/* Copies [@start, @start + @len) of @src to @dev, in order. */
static int copy_range(struct blkzone_dev *src, struct blkzone_dev *dev,
		      uint64_t start, uint64_t len, unsigned char *buf)
{
	uint64_t pos;
	size_t n;
	int64_t r;
	int ret;

	for (pos = 0; pos < len; pos += n) {
		ret = read_chunk(src, start, len, pos, buf, &n);
		if (ret)
			return ret;
		r = blkzone_write(dev, start + pos, buf, n);
		if (r < 0)
			return (int)r;
		if ((size_t)r != n)
			return -EIO;
	}
	return 0;
}

/*
 * The end of the data of a full zone: past its last block that is not
 * zero, reads give zeros on both sides, and a finish does the rest.
 */
static int64_t full_zone_data(struct blkzone_dev *src,
			      const struct blkzone_zone *z, uint32_t lbs,
			      unsigned char *buf)
{
	uint64_t pos, end = 0;
	size_t n, k;
	int ret;

	for (pos = 0; pos < z->capacity; pos += n) {
		ret = read_chunk(src, z->start, z->capacity, pos, buf, &n);
		if (ret)
			return ret;
		for (k = n; k && all_zero(buf + k - lbs, lbs); k -= lbs)
			;
		if (k)
			end = pos + k;
	}
	return (int64_t)end;
}

static int zone_op(struct blkzone_dev *dev, const struct blkzone_zone *z,
		   enum blkzone_op op)
{
	return blkzone_zone_op(dev, op, z->start, z->len);
}

/* Zone @z of the source onto @dev, whose zone is empty. */
static int restore_zone(struct blkzone_dev *src, struct blkzone_dev *dev,
			const struct blkzone_zone *z, uint32_t lbs,
			unsigned char *buf)
{
	int64_t end = (int64_t)(z->wp - z->start);
	int ret = 0;

	if (z->cond == BLKZONE_COND_EMPTY)
		return 0;
	if (z->cond == BLKZONE_COND_FULL)
		end = full_zone_data(src, z, lbs, buf);
	if (end < 0)
		return (int)end;
	/* Opened first, a zone stays explicitly open through its writes. */
	if (z->cond == BLKZONE_COND_EXP_OPEN ||
	    (z->cond == BLKZONE_COND_CLOSED && !end))
		ret = zone_op(dev, z, BLKZONE_OP_OPEN);
	if (!ret)
		ret = copy_range(src, dev, z->start, (uint64_t)end, buf);
	if (!ret && z->cond == BLKZONE_COND_CLOSED)
		ret = zone_op(dev, z, BLKZONE_OP_CLOSE);
	if (!ret && z->cond == BLKZONE_COND_FULL &&
	    (uint64_t)end < z->capacity)
		ret = zone_op(dev, z, BLKZONE_OP_FINISH);
	return ret;
}

/*
 * Conventional zones, then the zones that end full or closed, then the
 * open ones: the target never holds more open zones than the source did,
 * so its open limit, which the source kept, holds too.
 */
static int restore_zones(struct blkzone_dev *src, struct blkzone_dev *dev,
			 const struct zoned *s)
{
	unsigned char *buf;
	uint32_t i, pass;
	int ret = 0;

	if (posix_memalign((void **)&buf, IMG_PAGE, COPY_CHUNK))
		return -ENOMEM;
	for (pass = 0; pass < 3 && !ret; pass++) {
		for (i = 0; i < s->nr && !ret; i++) {
			const struct blkzone_zone *z = &s->zones[i];
			bool open = z->cond == BLKZONE_COND_IMP_OPEN ||
				    z->cond == BLKZONE_COND_EXP_OPEN;

			if (pass == 0 && is_conv(z))
				ret = copy_range(src, dev, z->start, z->len,
						 buf);
			else if (!is_conv(z) && pass == 1U + open)
				ret = restore_zone(src, dev, z,
						   s->info.logical_block_size,
						   buf);
		}
	}
	free(buf);
	return ret;
}

int blkzone_image_restore(struct blkzone_dev *src, struct blkzone_dev *dev,
			  unsigned int flags, char *msg, size_t size)
{
	struct fault f = { .msg = msg, .size = size };
	struct zoned s, d;
	int ret;

	if (msg && size)
		*msg = 0;
	if (!src || !dev || src == dev || (flags & ~BLKZONE_RESTORE_FORCE))
		return -EINVAL;
	ret = zoned_load(src, &s);
	if (ret)
		return ret;
	ret = zoned_load(dev, &d);
	if (ret) {
		free(s.zones);
		return ret;
	}
	ret = same_geometry(&s, &d, &f);
	if (!ret)
		ret = within_limits(&s, &d, &f);
	if (!ret && !(flags & BLKZONE_RESTORE_FORCE))
		ret = all_empty(&d, &f);
	if (!ret && (flags & BLKZONE_RESTORE_FORCE))
		ret = blkzone_zone_op_all(dev, BLKZONE_OP_RESET);
	if (!ret)
		ret = restore_zones(src, dev, &s);
	free(s.zones);
	free(d.zones);
	return ret;
}
