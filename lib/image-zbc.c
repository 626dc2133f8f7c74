// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Zone images: the ZBC zone state machine on the records, with the open
 * and active zone limits.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>

#include "image-private.h"

static bool is_open(uint8_t cond)
{
	return cond == BLKZONE_COND_IMP_OPEN || cond == BLKZONE_COND_EXP_OPEN;
}

static bool is_active(uint8_t cond)
{
	return is_open(cond) || cond == BLKZONE_COND_CLOSED;
}

static bool limited(const struct image *img)
{
	return img->max_open || img->max_active;
}

/* Open and active zones within the limits: 0 or -EUCLEAN said in @f. */
static int limits_check(const struct image *img, uint32_t nr_open,
			uint32_t nr_active, struct fault *f)
{
	if (img->max_open && nr_open > img->max_open)
		return damaged(f, "%" PRIu32 " zones open, over the open zone "
			       "limit of %" PRIu32, nr_open, img->max_open);
	if (img->max_active && nr_active > img->max_active)
		return damaged(f, "%" PRIu32 " zones active, over the active "
			       "zone limit of %" PRIu32, nr_active,
			       img->max_active);
	return 0;
}

static void count(const struct image *img, const struct zrec *all,
		  uint32_t *nr_open, uint32_t *nr_active)
{
	uint32_t i;

	*nr_open = *nr_active = 0;
	if (!limited(img))
		return;
	for (i = img->nr_conv; i < img->nr_zones; i++) {
		*nr_open += is_open(all[i].cond);
		*nr_active += is_active(all[i].cond);
	}
}

/*
 * The records a change needs: all of them when the open and active limits
 * must be counted, else those of [@first, @first + @n).  *@base is the
 * zone number of recs[0].
 */
static int load(const struct image *img, uint32_t first, uint32_t n,
		struct zrec **recsp, uint32_t *base)
{
	struct zrec *recs;
	int ret;

	if (limited(img)) {
		first = 0;
		n = img->nr_zones;
	}
	ret = img_read_range(img, first, n, &recs);
	if (ret)
		return ret;
	if (limited(img)) {
		uint32_t nr_open, nr_active;

		/* The limit arithmetic relies on the counts being in range. */
		count(img, recs, &nr_open, &nr_active);
		ret = limits_check(img, nr_open, nr_active, NULL);
		if (ret) {
			free(recs);
			return ret;
		}
	}
	*recsp = recs;
	*base = first;
	return 0;
}

/* The first implicitly open zone outside [@skip, @skip_end), or UINT32_MAX. */
static uint32_t victim(const struct image *img, const struct zrec *all,
		       uint32_t after, uint32_t skip, uint32_t skip_end)
{
	uint32_t i;

	for (i = after; i < img->nr_zones; i++)
		if (all[i].cond == BLKZONE_COND_IMP_OPEN &&
		    (i < skip || i >= skip_end))
			return i;
	return UINT32_MAX;
}

static int implicit_close(const struct image *img, struct zrec *all,
			  uint32_t zone)
{
	all[zone].cond = BLKZONE_COND_CLOSED;
	return img_write_rec(img, zone, &all[zone]);
}

/* Contract in image-private.h. */
void img_fill_zone(const struct image *img, uint32_t zone,
		   const struct zrec *z, bool cached, struct blk_zone *kz)
{
	uint64_t start = img_zone_start(img, zone);

	memset(kz, 0, sizeof(*kz));
	kz->start = start >> BLKZONE_SECTOR_SHIFT;
	kz->len = img_zone_len(img, zone) >> BLKZONE_SECTOR_SHIFT;
	kz->capacity = img_zone_cap(img, zone) >> BLKZONE_SECTOR_SHIFT;
	kz->cond = z->cond;
	if (img_is_conv(img, zone)) {
		kz->type = BLK_ZONE_TYPE_CONVENTIONAL;
		kz->capacity = kz->len;
		kz->wp = kz->start + kz->len;
		return;
	}
	kz->type = img->model == BLKZONE_MODEL_HOST_AWARE ?
		   BLK_ZONE_TYPE_SEQWRITE_PREF : BLK_ZONE_TYPE_SEQWRITE_REQ;
	/* Linux reports the write pointer of a full zone at the zone end. */
	kz->wp = z->cond == BLKZONE_COND_FULL ? kz->start + kz->len :
		 kz->start + (z->wp >> BLKZONE_SECTOR_SHIFT);
	if (cached && is_active(z->cond))
		kz->cond = BLK_ZONE_COND_ACTIVE;
}

static int mgmt_check(const struct image *img, enum blkzone_op op,
		      struct zrec *all, uint32_t base, uint32_t first,
		      uint32_t n)
{
	uint32_t nr_open, nr_active, need_open = 0, need_active = 0;
	uint32_t i, avail, victims;

	count(img, all, &nr_open, &nr_active);
	for (i = first; i < first + n; i++) {
		uint8_t c = all[i - base].cond;

		if (op == BLKZONE_OP_OPEN) {
			need_open += c == BLKZONE_COND_EMPTY ||
				     c == BLKZONE_COND_CLOSED;
			need_active += c == BLKZONE_COND_EMPTY;
		} else if (op == BLKZONE_OP_FINISH) {
			/* Finishing an empty zone makes it active a moment. */
			if (c == BLKZONE_COND_EMPTY && img->max_active &&
			    nr_active >= img->max_active)
				return -EOVERFLOW;
		}
	}
	if (op != BLKZONE_OP_OPEN)
		return 0;
	if (img->max_active && need_active > img->max_active - nr_active)
		return -EOVERFLOW;
	if (!img->max_open || need_open <= img->max_open - nr_open)
		return 0;
	/* Implicitly open zones outside the range are closed to make room. */
	avail = img->max_open - nr_open;
	victims = 0;
	for (i = img->nr_conv; i < img->nr_zones; i++)
		victims += all[i].cond == BLKZONE_COND_IMP_OPEN &&
			   (i < first || i >= first + n);
	return need_open - avail <= victims ? 0 : -ETOOMANYREFS;
}

static int mgmt_apply(const struct image *img, enum blkzone_op op,
		      struct zrec *all, uint32_t base, uint32_t first,
		      uint32_t n)
{
	uint32_t nr_open, nr_active, i, v = 0;
	int ret;

	count(img, all, &nr_open, &nr_active);
	for (i = first; i < first + n; i++) {
		struct zrec *z = &all[i - base];
		struct zrec old = *z;

		if (img_is_conv(img, i))
			continue;
		switch (op) {
		case BLKZONE_OP_RESET:
			if (z->cond == BLKZONE_COND_EMPTY)
				continue;
			z->cond = BLKZONE_COND_EMPTY;
			z->wp = z->data_end = 0;
			break;
		case BLKZONE_OP_OPEN:
			if (z->cond == BLKZONE_COND_EXP_OPEN ||
			    z->cond == BLKZONE_COND_FULL)
				continue;
			if (z->cond != BLKZONE_COND_IMP_OPEN &&
			    img->max_open && nr_open >= img->max_open) {
				v = victim(img, all, v, first, first + n);
				if (v == UINT32_MAX)
					return -ETOOMANYREFS;
				ret = implicit_close(img, all, v);
				if (ret)
					return ret;
				nr_open--;
			}
			if (z->cond != BLKZONE_COND_IMP_OPEN)
				nr_open++;
			z->cond = BLKZONE_COND_EXP_OPEN;
			break;
		case BLKZONE_OP_CLOSE:
			if (!is_open(z->cond))
				continue;
			z->cond = z->wp ? BLKZONE_COND_CLOSED :
					  BLKZONE_COND_EMPTY;
			break;
		case BLKZONE_OP_FINISH:
			if (z->cond == BLKZONE_COND_FULL)
				continue;
			z->cond = BLKZONE_COND_FULL;
			z->wp = img_zone_cap(img, i);
			break;
		}
		ret = img_write_rec(img, i, z);
		if (ret) {
			*z = old;
			return ret;
		}
		/* Free the space of a reset zone; reads there give zeros. */
		if (op == BLKZONE_OP_RESET)
			(void)fallocate(img->fd, FALLOC_FL_PUNCH_HOLE |
					FALLOC_FL_KEEP_SIZE,
					img->data_offset +
					img_zone_start(img, i),
					img_zone_len(img, i));
	}
	return 0;
}

/* Contract in image-private.h. */
int img_zone_mgmt(struct image *img, enum blkzone_op op, uint32_t first,
		  uint32_t n)
{
	uint32_t i, base;
	struct zrec *all;
	bool any_seq = false;
	int ret;

	for (i = first; i < first + n; i++) {
		if (!img_is_conv(img, i))
			any_seq = true;
		else if (op != BLKZONE_OP_RESET)
			return -EINVAL;
	}
	if (!any_seq)
		return -EINVAL;

	ret = img_lock(img, LOCK_EX);
	if (ret)
		return ret;
	ret = load(img, first, n, &all, &base);
	if (!ret) {
		ret = mgmt_check(img, op, all, base, first, n);
		if (!ret)
			ret = mgmt_apply(img, op, all, base, first, n);
		free(all);
	}
	img_unlock(img);
	return ret;
}

/*
 * Zeros [@from, @to) of a zone's data, so that stale data never shows.
 * Written through the buffered descriptor: the zeros are not aligned for
 * O_DIRECT, and direct I/O flushes the page cache of its range first.
 */
static int zero_range(const struct image *img, uint64_t from, uint64_t to)
{
	static const unsigned char zeros[65536];
	uint64_t k;
	int ret;

	if (fallocate(img->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
		      from, to - from) == 0)
		return 0;
	for (; from < to; from += k) {
		k = to - from < sizeof(zeros) ? to - from : sizeof(zeros);
		ret = img_pwrite_full(img->mfd, zeros, k, from);
		if (ret)
			return ret;
	}
	return 0;
}

/* Contract in image-private.h. */
int64_t img_seq_write(struct image *img, const void *buf, size_t len,
		      uint32_t zone, uint64_t rel)
{
	uint64_t zoff = img->data_offset + img_zone_start(img, zone);
	uint64_t cap = img_zone_cap(img, zone);
	bool hm = img->model == BLKZONE_MODEL_HOST_MANAGED;
	uint32_t nr_open, nr_active, base, v = UINT32_MAX;
	struct zrec *all, *z;
	int ret;

	ret = img_lock(img, LOCK_EX);
	if (ret)
		return ret;
	ret = load(img, zone, 1, &all, &base);
	if (ret)
		goto out_unlock;
	z = &all[zone - base];
	count(img, all, &nr_open, &nr_active);

	ret = -EIO;
	if (rel + len > cap)
		goto out;
	if (hm && (z->cond == BLKZONE_COND_FULL || rel != z->wp))
		goto out;
	if (z->cond == BLKZONE_COND_EMPTY || z->cond == BLKZONE_COND_CLOSED) {
		ret = -EOVERFLOW;
		if (z->cond == BLKZONE_COND_EMPTY && img->max_active &&
		    nr_active >= img->max_active)
			goto out;
		if (img->max_open && nr_open >= img->max_open) {
			ret = -ETOOMANYREFS;
			v = victim(img, all, img->nr_conv, zone, zone + 1);
			if (v == UINT32_MAX)
				goto out;
		}
	}

	/* Data first: past data_end nothing shows until the record moves. */
	if (rel > z->data_end) {
		ret = zero_range(img, zoff + z->data_end, zoff + rel);
		if (ret)
			goto out;
	}
	ret = img_pwrite_full(img->fd, buf, len, zoff + rel);
	if (ret)
		goto out;
	if (v != UINT32_MAX) {
		ret = implicit_close(img, all, v);
		if (ret)
			goto out;
	}
	if (rel + len > z->data_end)
		z->data_end = rel + len;
	if (z->cond != BLKZONE_COND_FULL) {
		if (rel + len > z->wp)
			z->wp = rel + len;
		if (z->wp == cap)
			z->cond = BLKZONE_COND_FULL;
		else if (z->cond != BLKZONE_COND_EXP_OPEN)
			z->cond = BLKZONE_COND_IMP_OPEN;
	}
	ret = img_write_rec(img, zone, z);
out:
	free(all);
out_unlock:
	img_unlock(img);
	return ret ? ret : (int64_t)len;
}

struct counts {
	uint32_t nr_open;
	uint32_t nr_active;
};

static void count_visit(void *arg, uint32_t zone, uint32_t i,
			const struct zrec *z)
{
	struct counts *c = arg;

	(void)zone;
	(void)i;
	c->nr_open += is_open(z->cond);
	c->nr_active += is_active(z->cond);
}

/* Every record valid, and the limits held: 0 or -EUCLEAN said in @f. */
int img_check_records(const struct image *img, struct fault *f)
{
	struct counts c = { 0, 0 };
	int ret;

	ret = img_walk_recs(img, 0, img->nr_zones, count_visit, &c, f);
	return ret ? ret : limits_check(img, c.nr_open, c.nr_active, f);
}
