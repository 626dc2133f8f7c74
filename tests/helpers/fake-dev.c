// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
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

void fake_set_last_zone_len(struct fake_dev *f, uint64_t sectors)
{
	struct blk_zone *z;

	if (!f->nr_zones)
		return;
	z = &f->zones[f->nr_zones - 1];
	z->len = sectors;
	z->capacity = sectors;
	if (z->type == BLK_ZONE_TYPE_CONVENTIONAL)
		z->wp = z->start + z->len;
}

static uint64_t disk_sectors(const struct fake_dev *f)
{
	if (!f->nr_zones)
		return 0;
	return (f->nr_zones - 1) * f->zone_sectors +
	       f->zones[f->nr_zones - 1].len;
}

uint64_t fake_disk_bytes(const struct fake_dev *f)
{
	return disk_sectors(f) * BLKZONE_SECTOR_SIZE;
}

void fake_alloc_data(struct fake_dev *f)
{
	free(f->data);
	f->data = calloc(1, fake_disk_bytes(f) ? fake_disk_bytes(f) : 1);
	if (!f->data)
		abort();
}

static int fake_geometry(struct blkzone_dev *dev, struct blkzone_geometry *geo)
{
	struct fake_dev *f = dev->priv;

	geo->model = f->model;
	geo->capacity = f->part_start || f->part_len ? f->part_len :
						      fake_disk_bytes(f);
	geo->zone_size = f->model == BLKZONE_MODEL_NONE ? 0 :
			 f->zone_sectors * BLKZONE_SECTOR_SIZE;
	geo->part_start = f->part_start;
	return 0;
}

static int fake_get_info(struct blkzone_dev *dev, struct blkzone_info *info)
{
	struct fake_dev *f = dev->priv;
	struct blkzone_geometry geo;

	fake_geometry(dev, &geo);
	info->model = geo.model;
	info->logical_block_size = f->lbs ? f->lbs : 4096;
	info->physical_block_size = 4096;
	info->capacity = geo.capacity;
	info->zone_size = geo.zone_size;
	info->is_partition = f->part_start || f->part_len;
	info->partition_offset = f->part_start;
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

static bool zone_is_seq(const struct blk_zone *z)
{
	return z->type != BLK_ZONE_TYPE_CONVENTIONAL;
}

static bool zone_is_dead(const struct blk_zone *z)
{
	return z->cond == BLK_ZONE_COND_READONLY ||
	       z->cond == BLK_ZONE_COND_OFFLINE;
}

static void zone_apply(struct blk_zone *z, enum blkzone_op op)
{
	switch (op) {
	case BLKZONE_OP_RESET:
		z->cond = BLK_ZONE_COND_EMPTY;
		z->wp = z->start;
		break;
	case BLKZONE_OP_OPEN:
		if (z->cond == BLK_ZONE_COND_EMPTY ||
		    z->cond == BLK_ZONE_COND_IMP_OPEN ||
		    z->cond == BLK_ZONE_COND_CLOSED)
			z->cond = BLK_ZONE_COND_EXP_OPEN;
		break;
	case BLKZONE_OP_CLOSE:
		if (z->cond == BLK_ZONE_COND_IMP_OPEN ||
		    z->cond == BLK_ZONE_COND_EXP_OPEN)
			z->cond = z->wp == z->start ? BLK_ZONE_COND_EMPTY :
						      BLK_ZONE_COND_CLOSED;
		break;
	case BLKZONE_OP_FINISH:
		if (z->cond != BLK_ZONE_COND_FULL) {
			z->cond = BLK_ZONE_COND_FULL;
			z->wp = z->start + z->len;
		}
		break;
	}
}

/*
 * As the kernel checks the range and ZBC the zones: a reset of the whole
 * disk is a reset of all zones, which skips the zones it does not apply to;
 * any other range fails on them.  The fake checks every zone before it
 * changes one.
 */
static int fake_zone_mgmt(struct blkzone_dev *dev, enum blkzone_op op,
			  uint64_t sector, uint64_t nr_sectors)
{
	struct fake_dev *f = dev->priv;
	uint64_t disk = disk_sectors(f), end, i, first, last;
	bool all;

	f->mgmt_calls++;
	f->last_op = op;
	f->last_sector = sector;
	f->last_nr_sectors = nr_sectors;
	if (f->mgmt_fail_err &&
	    (!f->mgmt_fail_call || f->mgmt_calls == f->mgmt_fail_call))
		return f->mgmt_fail_err;
	if (op < BLKZONE_OP_RESET || op > BLKZONE_OP_FINISH)
		return -EINVAL;
	if (sector % f->zone_sectors || !nr_sectors || sector >= disk ||
	    nr_sectors > disk - sector)
		return -EINVAL;
	end = sector + nr_sectors;
	if (end != disk && end % f->zone_sectors)
		return -EINVAL;

	all = op == BLKZONE_OP_RESET && sector == 0 && end == disk;
	first = sector / f->zone_sectors;
	last = (end - 1) / f->zone_sectors;
	for (i = first; i <= last; i++)
		if (!all && (!zone_is_seq(&f->zones[i]) ||
			     zone_is_dead(&f->zones[i])))
			return -EIO;
	for (i = first; i <= last; i++)
		if (zone_is_seq(&f->zones[i]) && !zone_is_dead(&f->zones[i]))
			zone_apply(&f->zones[i], op);
	return 0;
}

static int io_begin(struct fake_dev *f)
{
	unsigned int call = ++f->io_calls;

	if (f->eintr_left) {
		f->eintr_left--;
		return -EINTR;
	}
	if (f->io_fail_call && call == f->io_fail_call)
		return f->io_fail_err;
	return 0;
}

static int64_t fake_pread(struct blkzone_dev *dev, void *buf, size_t len,
			  uint64_t offset)
{
	struct fake_dev *f = dev->priv;
	uint64_t disk = fake_disk_bytes(f), pos = f->part_start + offset;
	int ret;

	f->read_calls++;
	ret = io_begin(f);
	if (ret)
		return ret;
	if (pos >= disk)
		return 0;
	if (len > disk - pos)
		len = disk - pos;
	if (f->max_transfer && len > f->max_transfer)
		len = f->max_transfer;
	if (f->data)
		memcpy(buf, f->data + pos, len);
	else
		memset(buf, 0, len);
	return len;
}

static int64_t fake_pwrite(struct blkzone_dev *dev, const void *buf,
			   size_t len, uint64_t offset)
{
	struct fake_dev *f = dev->priv;
	uint64_t disk = fake_disk_bytes(f), pos = f->part_start + offset;
	uint64_t zbytes = f->zone_sectors * BLKZONE_SECTOR_SIZE;
	uint64_t zstart, zend;
	struct blk_zone *z;
	int ret;

	f->write_calls++;
	ret = io_begin(f);
	if (ret)
		return ret;
	if (pos >= disk)
		return -ENOSPC;
	if (len > disk - pos)
		len = disk - pos;
	if (f->max_transfer && len > f->max_transfer)
		len = f->max_transfer;
	if (pos % BLKZONE_SECTOR_SIZE || len % BLKZONE_SECTOR_SIZE)
		return -EINVAL;

	z = &f->zones[pos / zbytes];
	zstart = z->start * BLKZONE_SECTOR_SIZE;
	zend = zstart + (zone_is_seq(z) ? z->capacity : z->len) *
			BLKZONE_SECTOR_SIZE;
	if (len > zend - pos)
		return -EIO;
	if (zone_is_seq(z)) {
		if (zone_is_dead(z) || z->cond == BLK_ZONE_COND_FULL)
			return -EIO;
		if (z->type == BLK_ZONE_TYPE_SEQWRITE_REQ &&
		    pos != z->wp * BLKZONE_SECTOR_SIZE)
			return -EIO;
		if (pos + len > z->wp * BLKZONE_SECTOR_SIZE)
			z->wp = (pos + len) / BLKZONE_SECTOR_SIZE;
		if (z->wp == z->start + z->capacity)
			z->cond = BLK_ZONE_COND_FULL;
		else if (z->cond == BLK_ZONE_COND_EMPTY ||
			 z->cond == BLK_ZONE_COND_CLOSED)
			z->cond = BLK_ZONE_COND_IMP_OPEN;
	}
	if (f->data)
		memcpy(f->data + pos, buf, len);
	return len;
}

static void fake_release(struct blkzone_dev *dev)
{
	(void)dev;
}

static const struct blkzone_ops fake_ops = {
	.geometry	= fake_geometry,
	.get_info	= fake_get_info,
	.report		= fake_report,
	.zone_mgmt	= fake_zone_mgmt,
	.pread		= fake_pread,
	.pwrite		= fake_pwrite,
	.release	= fake_release,
};

int fake_open(struct fake_dev *f, struct blkzone_dev **devp)
{
	int ret = blkzone_dev_new(&fake_ops, f, devp);

	if (ret)
		return ret;
	(*devp)->open_flags = (f->read_only ? O_RDONLY : O_RDWR) |
			      (f->direct ? O_DIRECT : 0);
	return 0;
}

void fake_free(struct fake_dev *f)
{
	if (!f)
		return;
	free(f->zones);
	free(f->data);
	free(f);
}

struct fake_snap {
	struct blk_zone *zones;
	unsigned char *data;
	unsigned int mgmt_calls;
	unsigned int write_calls;
};

struct fake_snap *fake_snap_take(const struct fake_dev *f)
{
	struct fake_snap *s = calloc(1, sizeof(*s));
	size_t zbytes = (f->nr_zones ? f->nr_zones : 1) * sizeof(*f->zones);

	if (!s || !(s->zones = malloc(zbytes)))
		abort();
	memcpy(s->zones, f->zones, zbytes);
	if (f->data) {
		s->data = malloc(fake_disk_bytes(f) ? fake_disk_bytes(f) : 1);
		if (!s->data)
			abort();
		memcpy(s->data, f->data, fake_disk_bytes(f));
	}
	s->mgmt_calls = f->mgmt_calls;
	s->write_calls = f->write_calls;
	return s;
}

bool fake_snap_same(const struct fake_dev *f, const struct fake_snap *s)
{
	return !memcmp(s->zones, f->zones, f->nr_zones * sizeof(*f->zones)) &&
	       (!f->data || !s->data ||
		!memcmp(s->data, f->data, fake_disk_bytes(f))) &&
	       s->mgmt_calls == f->mgmt_calls &&
	       s->write_calls == f->write_calls;
}

void fake_snap_free(struct fake_snap *s)
{
	if (!s)
		return;
	free(s->zones);
	free(s->data);
	free(s);
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
