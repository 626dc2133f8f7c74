// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fake-dev.h"

struct fake_dev *fake_new(uint64_t nr_zones, uint64_t zone_sectors)
{
	struct fake_dev *f = calloc(1, sizeof(*f));
	uint64_t i;

	if (!f)
		abort();
	f->zones = calloc(nr_zones ? nr_zones : 1, sizeof(*f->zones));
	if (!f->zones)
		abort();
	f->zone_sectors = zone_sectors;
	f->nr_zones = nr_zones;
	f->model = BLKZONE_MODEL_HOST_MANAGED;
	f->has_capacity = true;
	f->no_cached_err = -ENOTTY;
	for (i = 0; i < nr_zones; i++) {
		struct blk_zone *z = &f->zones[i];

		z->start = i * zone_sectors;
		z->len = zone_sectors;
		z->capacity = zone_sectors;
		z->wp = z->start;
		z->type = BLK_ZONE_TYPE_SEQWRITE_REQ;
		z->cond = BLK_ZONE_COND_EMPTY;
	}
	return f;
}

void fake_set_conventional(struct fake_dev *f, uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n && i < f->nr_zones; i++) {
		f->zones[i].type = BLK_ZONE_TYPE_CONVENTIONAL;
		f->zones[i].cond = BLK_ZONE_COND_NOT_WP;
		f->zones[i].wp = f->zones[i].start + f->zones[i].len;
	}
}

void fake_set_last_zone(struct fake_dev *f, uint64_t sectors)
{
	struct blk_zone *z = &f->zones[f->nr_zones - 1];

	f->last_zone_sectors = sectors;
	z->len = sectors;
	z->capacity = sectors;
	if (z->type == BLK_ZONE_TYPE_CONVENTIONAL)
		z->wp = z->start + sectors;
}

uint64_t fake_disk_bytes(const struct fake_dev *f)
{
	uint64_t sectors = f->nr_zones * f->zone_sectors;

	if (f->nr_zones && f->last_zone_sectors)
		sectors -= f->zone_sectors - f->last_zone_sectors;
	return sectors * BLKZONE_SECTOR_SIZE;
}

static int fake_geometry(struct blkzone_dev *dev, struct blkzone_geometry *geo)
{
	struct fake_dev *f = dev->priv;

	geo->model = f->model;
	geo->capacity = f->part_start || f->part_len ? f->part_len :
						      fake_disk_bytes(f);
	geo->zone_size = f->model == BLKZONE_MODEL_NONE ? 0 :
			 f->zone_sectors * BLKZONE_SECTOR_SIZE;
	return 0;
}

static int fake_get_info(struct blkzone_dev *dev, struct blkzone_info *info)
{
	struct fake_dev *f = dev->priv;
	struct blkzone_geometry geo;

	fake_geometry(dev, &geo);
	info->model = geo.model;
	info->logical_block_size = 4096;
	info->physical_block_size = 4096;
	info->capacity = geo.capacity;
	info->zone_size = geo.zone_size;
	info->is_partition = dev->is_partition;
	info->partition_offset = dev->part_start;
	if (geo.zone_size) {
		info->nr_zones = f->nr_zones;
		info->max_open_zones = 128;
		info->max_active_zones = 256;
	}
	return 0;
}

static int fake_report(struct blkzone_dev *dev, struct blk_zone_report *rep,
		       bool cached)
{
	struct fake_dev *f = dev->priv;
	uint64_t idx, i, n;
	unsigned int call;

	call = __atomic_add_fetch(&f->calls, 1, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(cached ? &f->cached_calls : &f->device_calls, 1,
			   __ATOMIC_SEQ_CST);
	for (;;) {
		uint32_t cur = __atomic_load_n(&f->max_request, __ATOMIC_SEQ_CST);

		if (rep->nr_zones <= cur ||
		    __atomic_compare_exchange_n(&f->max_request, &cur,
						rep->nr_zones, false,
						__ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			break;
	}

	if (f->fail_call && call == f->fail_call)
		return f->fail_err;
	if (cached && !f->has_cached)
		return f->no_cached_err;

	rep->flags = f->has_capacity ? BLK_ZONE_REP_CAPACITY : 0;
	idx = rep->sector / f->zone_sectors;
	n = 0;
	for (i = idx; i < f->nr_zones && n < rep->nr_zones; i++, n++) {
		struct blk_zone *z = &rep->zones[n];

		*z = f->zones[i];
		if (!f->has_capacity)
			z->capacity = 0;
		if (f->answer_zero_len)
			z->len = 0;
		if (cached && (z->cond == BLK_ZONE_COND_IMP_OPEN ||
			       z->cond == BLK_ZONE_COND_EXP_OPEN ||
			       z->cond == BLK_ZONE_COND_CLOSED))
			z->cond = BLK_ZONE_COND_ACTIVE;
	}
	rep->nr_zones = n;
	if (f->answer_too_many)
		rep->nr_zones++;
	return 0;
}

static void fake_release(struct blkzone_dev *dev)
{
	(void)dev;
}

static const struct blkzone_ops fake_ops = {
	.geometry	= fake_geometry,
	.get_info	= fake_get_info,
	.report		= fake_report,
	.release	= fake_release,
};

int fake_open(struct fake_dev *f, struct blkzone_dev **devp)
{
	int ret = blkzone_dev_new(&fake_ops, f, devp);

	if (ret)
		return ret;
	if (f->part_start || f->part_len) {
		(*devp)->is_partition = true;
		(*devp)->part_start = f->part_start;
	}
	return 0;
}

void fake_free(struct fake_dev *f)
{
	if (!f)
		return;
	free(f->zones);
	free(f);
}

long fake_collect(struct blkzone_dev *dev,
		  const struct blkzone_report_opts *opts,
		  struct blkzone_zone *out, size_t max, bool *cached)
{
	struct blkzone_report_iter *it;
	struct blkzone_zone z;
	long n = 0;
	int ret;

	ret = blkzone_report_start(dev, opts, &it);
	if (ret)
		return ret;
	if (cached)
		*cached = blkzone_report_was_cached(it);
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		if ((size_t)n < max)
			out[n] = z;
		n++;
	}
	blkzone_report_end(it);
	return ret < 0 ? ret : n;
}
