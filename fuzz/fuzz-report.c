// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report iterator on arbitrary kernel answers: a backend whose report
 * hook answers from the input.  The iterator must end (no request after
 * the device ran out of answers, no more zones than it was given), never
 * use a zone past the count of the answer, return only negative errnos as
 * errors, and give the same zones to every way of reporting.
 *
 * Input layout:
 *
 *	0	zone size: 1 << (byte % 24) sectors
 *	1..2	zones of the device, 1 + u16 % 1024
 *	3	flags: 1 partition, 2 cached request, 4 cached reports work
 *	4	partition start, in zones
 *	5..6	report offset, u16 in sectors
 *	7..8	report length, u16 in sectors (0: to the end)
 *	9	max_zones (0: no limit)
 *	10	condition filter: a condition whose bit is set, or 0
 *	11	type filter: a type whose bit is set, or 0
 *	12..	answers, each: selector byte, u32 nr_zones, u32 flags, a byte
 *		k, then k struct blk_zone (64 bytes each)
 *
 * The selector's low two bits: 0 and 3 an answer whose count is k, 1 an
 * answer whose count is the given nr_zones, 2 an error.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "blkzone-private.h"
#include "fuzz.h"

#define HDR_SIZE	12U
/* Written where the answer ends: a zone of this type must never show. */
#define SENTINEL_TYPE	0xEE

struct fuzz_dev {
	const uint8_t *answers;
	size_t len;
	size_t pos;		/* next answer */
	uint64_t zone_sectors;
	uint64_t nr_zones;
	uint64_t part_zones;
	bool has_cached;
	unsigned int calls;
	unsigned int calls_after_end;
	uint64_t zones_given;	/* zones the answers held */
};

static uint64_t capacity(const struct fuzz_dev *f)
{
	return (f->nr_zones - f->part_zones) *
	       (f->zone_sectors << BLKZONE_SECTOR_SHIFT);
}

static int fd_geometry(struct blkzone_dev *dev, struct blkzone_geometry *geo)
{
	struct fuzz_dev *f = dev->priv;

	geo->model = BLKZONE_MODEL_HOST_MANAGED;
	geo->zone_size = f->zone_sectors << BLKZONE_SECTOR_SHIFT;
	geo->capacity = capacity(f);
	geo->part_start = f->part_zones * geo->zone_size;
	return 0;
}

static int fd_get_info(struct blkzone_dev *dev, struct blkzone_info *info)
{
	struct blkzone_geometry geo;

	fd_geometry(dev, &geo);
	info->model = geo.model;
	info->logical_block_size = 512;
	info->physical_block_size = 512;
	info->capacity = geo.capacity;
	info->zone_size = geo.zone_size;
	info->nr_zones = geo.capacity / geo.zone_size;
	return 0;
}

static int fd_report(struct blkzone_dev *dev, struct blk_zone_report *rep,
		     bool cached)
{
	static const int errs[] = { -EIO, -ENOTTY, -EINVAL, -EOPNOTSUPP,
				    -ENOMEM, -EINTR, -ENODEV, -EAGAIN };
	struct fuzz_dev *f = dev->priv;
	uint32_t asked = rep->nr_zones, count, flags, k, i;
	const uint8_t *a;

	f->calls++;
	/* Every zone of the buffer the answer does not fill. */
	for (i = 0; i < asked; i++) {
		memset(&rep->zones[i], 0x5A, sizeof(rep->zones[i]));
		rep->zones[i].type = SENTINEL_TYPE;
	}
	if (cached && !f->has_cached)
		return -ENOTTY;
	if (f->pos + 10 > f->len) {
		/* The end of the device, as the kernel tells it. */
		f->calls_after_end++;
		FUZZ_CHECK(f->calls_after_end <= 2,
			   "%u requests after the device had no more zones",
			   f->calls_after_end);
		rep->nr_zones = 0;
		rep->flags = 0;
		return 0;
	}
	a = f->answers + f->pos;
	memcpy(&count, a + 1, 4);
	memcpy(&flags, a + 5, 4);
	k = a[9];
	f->pos += 10;
	if (k > (f->len - f->pos) / sizeof(struct blk_zone))
		k = (f->len - f->pos) / sizeof(struct blk_zone);
	if ((a[0] & 3) == 2) {
		f->pos += (size_t)k * sizeof(struct blk_zone);
		return errs[(a[0] >> 2) % (sizeof(errs) / sizeof(errs[0]))];
	}
	/* The kernel never writes past the zones it was asked for. */
	for (i = 0; i < k && i < asked; i++) {
		memcpy(&rep->zones[i], f->answers + f->pos +
		       (size_t)i * sizeof(struct blk_zone),
		       sizeof(struct blk_zone));
		if (rep->zones[i].type == SENTINEL_TYPE)
			rep->zones[i].type = SENTINEL_TYPE + 1;
	}
	f->pos += (size_t)k * sizeof(struct blk_zone);
	f->zones_given += k < asked ? k : asked;
	rep->nr_zones = (a[0] & 3) == 1 ? count : (k < asked ? k : asked);
	rep->flags = flags;
	return 0;
}

static int fd_zone_mgmt(struct blkzone_dev *dev, enum blkzone_op op,
			uint64_t sector, uint64_t nr_sectors)
{
	(void)dev, (void)op, (void)sector, (void)nr_sectors;
	return -EOPNOTSUPP;
}

static int64_t fd_pread(struct blkzone_dev *dev, void *buf, size_t len,
			uint64_t offset)
{
	(void)dev, (void)buf, (void)len, (void)offset;
	return -EIO;
}

static int64_t fd_pwrite(struct blkzone_dev *dev, const void *buf, size_t len,
			 uint64_t offset)
{
	(void)dev, (void)buf, (void)len, (void)offset;
	return -EIO;
}

static const struct blkzone_ops fuzz_ops = {
	.geometry	= fd_geometry,
	.get_info	= fd_get_info,
	.report		= fd_report,
	.zone_mgmt	= fd_zone_mgmt,
	.pread		= fd_pread,
	.pwrite		= fd_pwrite,
};

static void rewind_answers(struct fuzz_dev *f)
{
	f->pos = 0;
	f->calls = 0;
	f->calls_after_end = 0;
	f->zones_given = 0;
}

/* The zones of one iteration, checked as they come. */
static int64_t iterate(struct blkzone_dev *dev, struct fuzz_dev *f,
		       const struct blkzone_report_opts *opts,
		       struct blkzone_zone *out, size_t max)
{
	struct blkzone_report_iter *it;
	struct blkzone_zone z;
	int64_t n = 0;
	int ret;

	ret = blkzone_report_start(dev, opts, &it);
	FUZZ_CHECK(ret == 0 || FUZZ_ERRNO_OK(ret), "start gave %d", ret);
	if (ret)
		return ret;
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		FUZZ_CHECK(ret == 1, "next gave %d", ret);
		FUZZ_CHECK(z.type != SENTINEL_TYPE,
			   "a zone from past the end of the answer");
		/* Reports end at the end of the device, which starts at 0. */
		FUZZ_CHECK(z.start < capacity(f),
			   "a zone at %llu, outside the device of %llu bytes",
			   (unsigned long long)z.start,
			   (unsigned long long)capacity(f));
		n++;
		FUZZ_CHECK((uint64_t)n <= f->zones_given,
			   "%lld zones from %llu in the answers", (long long)n,
			   (unsigned long long)f->zones_given);
		if ((size_t)n <= max)
			out[n - 1] = z;
	}
	FUZZ_CHECK(ret == 0 || FUZZ_ERRNO_OK(ret), "next gave %d", ret);
	/* Once ended, it stays ended. */
	FUZZ_CHECK(blkzone_report_next(it, &z) == ret, "next after the end");
	blkzone_report_end(it);
	return ret < 0 ? ret : n;
}

static uint64_t cond_bit(uint8_t v)
{
	return v ? BLKZONE_COND_BIT(v == 0x10 ? 0xFF : v & 0xF) : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct blkzone_report_opts opts = { 0 };
	struct blkzone_zone *first, *arr = NULL, at;
	struct fuzz_dev f = { 0 };
	struct blkzone_dev *dev;
	int64_t n, count, m;
	int ret;

	if (size < HDR_SIZE)
		return 0;
	f.zone_sectors = UINT64_C(1) << (data[0] % 24);
	f.nr_zones = 1 + (data[1] | data[2] << 8) % 1024;
	f.has_cached = data[3] & 4;
	if (data[3] & 1)
		f.part_zones = data[4] % f.nr_zones;
	f.answers = data + HDR_SIZE;
	f.len = size - HDR_SIZE;
	opts.offset = (uint64_t)(data[5] | data[6] << 8) << BLKZONE_SECTOR_SHIFT;
	opts.length = (uint64_t)(data[7] | data[8] << 8) << BLKZONE_SECTOR_SHIFT;
	opts.max_zones = data[9];
	opts.flags = data[3] & 2 ? BLKZONE_REPORT_CACHED : 0;
	opts.cond_mask = cond_bit(data[10]);
	opts.type_mask = data[11] ? BLKZONE_TYPE_BIT(data[11] & 7) : 0;

	ret = blkzone_dev_new(&fuzz_ops, &f, &dev);
	FUZZ_CHECK(!ret, "dev_new: %d", ret);

	first = calloc(f.len / sizeof(struct blk_zone) + 1, sizeof(*first));
	FUZZ_CHECK(first, "calloc");
	n = iterate(dev, &f, &opts, first, f.len / sizeof(struct blk_zone) + 1);

	/* The same answers again: the same zones, however they are asked. */
	rewind_answers(&f);
	count = blkzone_report_count(dev, &opts);
	FUZZ_CHECK(count == n, "report_count %lld, iteration %lld",
		   (long long)count, (long long)n);
	rewind_answers(&f);
	m = blkzone_report_zones(dev, &opts, &arr);
	FUZZ_CHECK(m == n, "report_zones %lld, iteration %lld", (long long)m,
		   (long long)n);
	if (m > 0)
		FUZZ_CHECK(!memcmp(arr, first, m * sizeof(*arr)),
			   "report_zones gave other zones");
	free(arr);

	rewind_answers(&f);
	ret = blkzone_zone_at(dev, opts.offset, opts.flags, &at);
	FUZZ_CHECK(ret == 0 || FUZZ_ERRNO_OK(ret), "zone_at gave %d", ret);
	if (!ret)
		FUZZ_CHECK(opts.offset >= at.start &&
			   opts.offset - at.start < at.len,
			   "zone_at %llu: zone %llu+%llu",
			   (unsigned long long)opts.offset,
			   (unsigned long long)at.start,
			   (unsigned long long)at.len);
	free(first);
	blkzone_close(dev);
	return 0;
}
