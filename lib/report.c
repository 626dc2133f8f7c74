// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "blkzone-private.h"

struct blkzone_report_iter {
	struct blkzone_dev *dev;
	uint64_t part_start;	/* bytes: zone starts are relative to it */
	uint64_t next_sector;	/* disk sector the next request starts at */
	uint64_t end_sector;	/* disk sector the range ends at (exclusive) */
	uint64_t left;		/* zones left in the range */
	uint64_t expect;	/* zones in the range, as the geometry tells */
	uint64_t cond_mask;
	uint64_t type_mask;
	uint32_t batch;		/* zones the buffer holds */
	uint32_t nr;		/* zones in the buffer */
	uint32_t idx;		/* next zone in the buffer */
	bool cached;		/* requests are cached ones */
	bool has_capacity;	/* the last answer carried zone capacities */
	bool started;
	bool eof;
	int error;
	struct blk_zone_report *rep;
};

#define OPEN_OR_CLOSED (BLKZONE_COND_BIT(BLKZONE_COND_IMP_OPEN) |	\
			BLKZONE_COND_BIT(BLKZONE_COND_EXP_OPEN) |	\
			BLKZONE_COND_BIT(BLKZONE_COND_CLOSED))

/*
 * A cached report folds the open and closed conditions into "active", so a
 * filter written for one kind of report must keep working on the other.
 */
static bool cond_match(uint64_t mask, unsigned int cond)
{
	if (!mask || (mask & BLKZONE_COND_BIT(cond)))
		return true;
	if (cond == BLKZONE_COND_ACTIVE)
		return mask & OPEN_OR_CLOSED;
	if (BLKZONE_COND_BIT(cond) & OPEN_OR_CLOSED)
		return mask & BLKZONE_COND_BIT(BLKZONE_COND_ACTIVE);
	return false;
}

static bool type_match(uint64_t mask, unsigned int type)
{
	return !mask || (mask & BLKZONE_TYPE_BIT(type));
}

static int request(struct blkzone_report_iter *it, uint32_t nr)
{
	struct blkzone_dev *dev = it->dev;

	memset(it->rep, 0, sizeof(*it->rep));
	it->rep->sector = it->next_sector;
	it->rep->nr_zones = nr;
	return dev->ops->report(dev, it->rep, it->cached);
}

static int fetch(struct blkzone_report_iter *it)
{
	uint32_t nr = it->batch;
	int ret;

	it->idx = 0;
	it->nr = 0;
	if (!it->left || it->next_sector >= it->end_sector) {
		it->eof = true;
		return 0;
	}
	if (it->left < nr)
		nr = it->left;

	ret = request(it, nr);
	if (ret < 0 && it->cached && !it->started &&
	    blkzone_no_cached_report(ret)) {
		it->cached = false;
		ret = request(it, nr);
	}
	if (ret < 0)
		return ret;
	it->started = true;
	/* Never trust a count beyond the buffer. */
	if (it->rep->nr_zones > nr)
		return -EIO;
	it->nr = it->rep->nr_zones;
	it->has_capacity = it->rep->flags & BLK_ZONE_REP_CAPACITY;
	if (!it->nr)
		it->eof = true;
	return 0;
}

static uint64_t to_bytes(uint64_t sectors)
{
	if (sectors > UINT64_MAX >> BLKZONE_SECTOR_SHIFT)
		return UINT64_MAX;
	return sectors << BLKZONE_SECTOR_SHIFT;
}

static inline void convert(const struct blkzone_report_iter *it,
			   const struct blk_zone *kz, struct blkzone_zone *z)
{
	uint64_t base = it->part_start, len = to_bytes(kz->len);

	*z = (struct blkzone_zone) {
		.start = to_bytes(kz->start) - base,
		.len = len,
		.capacity = it->has_capacity ? to_bytes(kz->capacity) : len,
		.wp = kz->wp > UINT64_MAX >> BLKZONE_SECTOR_SHIFT ?
			BLKZONE_WP_INVALID : to_bytes(kz->wp) - base,
		.type = kz->type,
		.cond = kz->cond,
		.flags = (kz->reset ? BLKZONE_ZONE_RESET : 0) |
			 (kz->non_seq ? BLKZONE_ZONE_NONSEQ : 0),
	};
}

int blkzone_report_start_batch(struct blkzone_dev *dev,
			       const struct blkzone_report_opts *opts,
			       uint32_t max_batch,
			       struct blkzone_report_iter **itp)
{
	static const struct blkzone_report_opts defaults;
	struct blkzone_report_iter *it;
	struct blkzone_geometry geo;
	uint64_t end, first, nr, expect;
	size_t i;
	int ret;

	if (!dev || !itp)
		return -EINVAL;
	if (!opts)
		opts = &defaults;
	if ((opts->flags & ~BLKZONE_REPORT_CACHED) || opts->reserved0)
		return -EINVAL;
	for (i = 0; i < sizeof(opts->reserved) / sizeof(opts->reserved[0]); i++)
		if (opts->reserved[i])
			return -EINVAL;
	if (opts->offset % BLKZONE_SECTOR_SIZE)
		return -EINVAL;

	ret = dev->ops->geometry(dev, &geo);
	if (ret)
		return ret;
	if (!geo.zone_size || geo.part_start % geo.zone_size)
		return -EOPNOTSUPP;
	if (opts->offset >= geo.capacity)
		return -EINVAL;

	end = geo.capacity;
	if (opts->length && opts->length < end - opts->offset)
		end = opts->offset + opts->length;

	/* Size the buffer for the range, so that small reports stay small. */
	first = opts->offset - opts->offset % geo.zone_size;
	nr = (end - first - 1) / geo.zone_size + 1;
	if (opts->max_zones && opts->max_zones < nr)
		nr = opts->max_zones;
	expect = nr;
	if (nr > max_batch)
		nr = max_batch;

	it = calloc(1, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->rep = malloc(sizeof(*it->rep) + nr * sizeof(struct blk_zone));
	if (!it->rep) {
		free(it);
		return -ENOMEM;
	}
	it->dev = dev;
	it->part_start = geo.part_start;
	it->batch = nr;
	it->next_sector = (geo.part_start + opts->offset) >>
			  BLKZONE_SECTOR_SHIFT;
	it->end_sector = (geo.part_start + end + BLKZONE_SECTOR_SIZE - 1) >>
			 BLKZONE_SECTOR_SHIFT;
	it->left = opts->max_zones ? opts->max_zones : UINT64_MAX;
	it->expect = expect;
	it->cond_mask = opts->cond_mask;
	it->type_mask = opts->type_mask;
	it->cached = opts->flags & BLKZONE_REPORT_CACHED;

	/* The first request tells whether a cached report is available. */
	ret = fetch(it);
	if (ret < 0) {
		blkzone_report_end(it);
		return ret;
	}
	*itp = it;
	return 0;
}

int blkzone_report_start(struct blkzone_dev *dev,
			 const struct blkzone_report_opts *opts,
			 struct blkzone_report_iter **itp)
{
	uint32_t batch = BLKZONE_REPORT_BATCH;

	if (dev && dev->report_batch && dev->report_batch < batch)
		batch = dev->report_batch;
	return blkzone_report_start_batch(dev, opts, batch, itp);
}

enum zone_check {
	ZONE_NEXT,	/* the next zone of the range */
	ZONE_PAST_END,	/* past the range: the report is over */
	ZONE_BAD,	/* an answer no device may give */
};

static inline enum zone_check zone_check(const struct blkzone_report_iter *it,
					 const struct blk_zone *kz)
{
	uint64_t zend = kz->start + kz->len;

	if (kz->start >= it->end_sector)
		return ZONE_PAST_END;
	/*
	 * Each zone must end past the previous one; anything else would make
	 * the report loop forever.  A zone that starts before the partition
	 * would get a start below 0 relative to it.
	 */
	if (!kz->len || zend < kz->start || zend <= it->next_sector ||
	    kz->start < it->part_start >> BLKZONE_SECTOR_SHIFT)
		return ZONE_BAD;
	return ZONE_NEXT;
}

/*
 * The next zone of the range that passes the filters, as the kernel gave
 * it; NULL at the end, or on an error (it->error).
 */
static const struct blk_zone *next_zone(struct blkzone_report_iter *it)
{
	const struct blk_zone *kz;
	int ret;

	for (;;) {
		if (it->error)
			return NULL;
		if (it->idx == it->nr) {
			if (it->eof)
				return NULL;
			ret = fetch(it);
			if (ret < 0)
				it->error = ret;
			continue;
		}
		if (!it->left) {
			it->eof = true;
			it->idx = it->nr;
			return NULL;
		}

		kz = &it->rep->zones[it->idx++];
		switch (zone_check(it, kz)) {
		case ZONE_PAST_END:
			it->eof = true;
			it->idx = it->nr;
			return NULL;
		case ZONE_BAD:
			it->error = -EIO;
			continue;
		case ZONE_NEXT:
			break;
		}
		it->next_sector = kz->start + kz->len;
		it->left--;

		if (type_match(it->type_mask, kz->type) &&
		    cond_match(it->cond_mask, kz->cond))
			return kz;
	}
}

int blkzone_report_next(struct blkzone_report_iter *it,
			struct blkzone_zone *zone)
{
	const struct blk_zone *kz;

	if (!it || !zone)
		return -EINVAL;
	kz = next_zone(it);
	if (!kz)
		return it->error;
	convert(it, kz, zone);
	return 1;
}

bool blkzone_report_was_cached(const struct blkzone_report_iter *it)
{
	return it && it->cached;
}

void blkzone_report_end(struct blkzone_report_iter *it)
{
	if (!it)
		return;
	free(it->rep);
	free(it);
}

int blkzone_report_first(struct blkzone_dev *dev,
			 const struct blkzone_report_opts *opts,
			 uint32_t max_batch, struct blkzone_zone *zone)
{
	struct blkzone_report_iter *it;
	int ret;

	ret = blkzone_report_start_batch(dev, opts, max_batch, &it);
	if (ret)
		return ret;
	ret = blkzone_report_next(it, zone);
	blkzone_report_end(it);
	return ret;
}

int64_t blkzone_report_count(struct blkzone_dev *dev,
			     const struct blkzone_report_opts *opts)
{
	struct blkzone_report_iter *it;
	struct blkzone_zone z;
	int64_t n = 0;
	int ret;

	ret = blkzone_report_start(dev, opts, &it);
	if (ret)
		return ret;
	while ((ret = blkzone_report_next(it, &z)) > 0)
		n++;
	blkzone_report_end(it);
	return ret < 0 ? ret : n;
}

/*
 * The zones of the buffer that follow the last one taken, converted into
 * @zones while they are the next zones of an unfiltered range, at most
 * @room of them; returns how many.  next_zone() takes the rest, judged one
 * by one: most reports need no filter, and their zones come in runs.
 */
static size_t take_buffered(struct blkzone_report_iter *it,
			    struct blkzone_zone *zones, size_t room)
{
	const struct blk_zone *kz = &it->rep->zones[it->idx];
	/* A copy, which the stores into @zones cannot alias. */
	struct blkzone_report_iter at = *it;
	size_t n, max = it->nr - it->idx;

	if (it->cond_mask || it->type_mask)
		return 0;
	if (max > room)
		max = room;
	if (max > it->left)
		max = it->left;
	for (n = 0; n < max && zone_check(&at, kz) == ZONE_NEXT; n++, kz++) {
		at.next_sector = kz->start + kz->len;
		convert(&at, kz, &zones[n]);
	}
	it->next_sector = at.next_sector;
	it->idx += n;
	it->left -= n;
	return n;
}

/* Zones the array of blkzone_report_zones() starts with, with filters. */
#define ZONES_INITIAL	64U

/*
 * The array of blkzone_report_zones(), of *@size zones, is full: twice as
 * many, or, at first without filters, every zone of the range at once.
 */
static int grow_zones(const struct blkzone_report_iter *it,
		      struct blkzone_zone **zones, size_t *size)
{
	size_t grow = *size ? *size * 2 : ZONES_INITIAL;
	struct blkzone_zone *tmp;

	if (!*size && !it->cond_mask && !it->type_mask && it->expect &&
	    it->expect <= SIZE_MAX / sizeof(**zones))
		grow = it->expect;
	if (grow > SIZE_MAX / sizeof(**zones))
		return -ENOMEM;
	tmp = realloc(*zones, grow * sizeof(**zones));
	if (!tmp)
		return -ENOMEM;
	*zones = tmp;
	*size = grow;
	return 0;
}

int64_t blkzone_report_zones(struct blkzone_dev *dev,
			     const struct blkzone_report_opts *opts,
			     struct blkzone_zone **zonesp)
{
	struct blkzone_report_iter *it;
	struct blkzone_zone *zones = NULL;
	const struct blk_zone *kz;
	size_t n = 0, size = 0;
	int ret;

	if (!zonesp)
		return -EINVAL;
	ret = blkzone_report_start(dev, opts, &it);
	if (ret)
		return ret;
	while ((kz = next_zone(it))) {
		if (n == size) {
			ret = grow_zones(it, &zones, &size);
			if (ret)
				break;
		}
		convert(it, kz, &zones[n++]);
		n += take_buffered(it, zones + n, size - n);
	}
	if (!ret)
		ret = it->error;
	blkzone_report_end(it);
	if (ret < 0) {
		free(zones);
		return ret;
	}
	*zonesp = zones;
	return n;
}

int blkzone_zone_at(struct blkzone_dev *dev, uint64_t offset, uint32_t flags,
		    struct blkzone_zone *zone)
{
	struct blkzone_report_opts opts = {
		/* Reports start at a sector: any byte of it is in the zone. */
		.offset = offset - offset % BLKZONE_SECTOR_SIZE,
		.max_zones = 1,
		.flags = flags,
	};
	struct blkzone_zone z;
	int ret;

	if (!dev || !zone || (flags & ~BLKZONE_REPORT_CACHED))
		return -EINVAL;
	ret = blkzone_report_first(dev, &opts, BLKZONE_REPORT_BATCH, &z);
	if (ret < 0)
		return ret;
	/* The device must answer with the zone that holds the offset. */
	if (!ret || offset < z.start || offset - z.start >= z.len)
		return -EIO;
	*zone = z;
	return 0;
}
