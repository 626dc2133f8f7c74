// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "case.h"

static void bail(const char *what, long long err)
{
	tap_ok(false, "%s: %s", what, strerror((int)-err));
	tap_end();
	exit(1);
}

void case_open(struct case_dev *c, int argc, char **argv, bool allow_regular)
{
	struct stat st;
	int ret, i;

	memset(c, 0, sizeof(*c));
	c->path = argc > 1 ? argv[1] : getenv("DEV");
	if (!c->path || !*c->path) {
		fprintf(stderr, "usage: %s DEVICE (or DEV=DEVICE)\n", argv[0]);
		exit(2);
	}
	c->image = !stat(c->path, &st) && S_ISREG(st.st_mode);
	/*
	 * Buffered writes to a zoned disk reach it in writeback order, not
	 * in the order a test makes them: direct I/O, on zone images too.
	 */
	c->flags = O_RDWR | O_DIRECT;
	ret = blkzone_open(c->path, c->flags, &c->dev);
	if (ret)
		bail("blkzone_open", ret);
	ret = blkzone_get_info(c->dev, &c->info);
	if (ret)
		bail("blkzone_get_info", ret);
	c->lbs = c->info.logical_block_size;
	if (c->info.model == BLKZONE_MODEL_NONE) {
		if (allow_regular)
			return;
		blkzone_close(c->dev);
		tap_skip_all("%s is not zoned", c->path);
	}
	c->hm = c->info.model == BLKZONE_MODEL_HOST_MANAGED;
	ret = blkzone_zone_op_all(c->dev, BLKZONE_OP_RESET);
	if (ret)
		bail("reset of all zones", ret);
	c->nr = case_report(c, 0, &c->zones);
	c->first_seq = c->nr;
	for (i = (int)c->nr - 1; i >= 0; i--) {
		if (c->zones[i].type == BLKZONE_TYPE_CONVENTIONAL) {
			c->nr_conv++;
		} else {
			c->first_seq = (size_t)i;
			c->nr_seq++;
		}
	}
	tap_diag("%s: %s, %zu zones (%zu conventional) of %llu bytes, "
		 "zone capacity %llu, %u-byte blocks, last zone %llu bytes",
		 c->path, blkzone_model_name(c->info.model), c->nr, c->nr_conv,
		 (unsigned long long)c->info.zone_size,
		 (unsigned long long)c->info.zone_capacity, c->lbs,
		 c->nr ? (unsigned long long)c->zones[c->nr - 1].len : 0ULL);
	if (!c->nr_seq)
		bail("the device has no sequential zone", -ENODEV);
}

int case_finish(struct case_dev *c)
{
	if (c->info.model != BLKZONE_MODEL_NONE) {
		int ret = blkzone_zone_op_all(c->dev, BLKZONE_OP_RESET);

		if (ret)
			printf("# final reset of all zones: %s\n", strerror(-ret));
	}
	blkzone_close(c->dev);
	free(c->zones);
	return tap_end();
}

size_t case_report(struct case_dev *c, uint32_t flags,
		   struct blkzone_zone **zones)
{
	struct blkzone_report_opts opts = { .flags = flags };
	int64_t n = blkzone_report_zones(c->dev, &opts, zones);

	if (n <= 0)
		bail("report of all zones", n ? n : -ENODATA);
	return (size_t)n;
}

struct blkzone_zone case_zone(struct case_dev *c, size_t idx)
{
	struct blkzone_zone z;
	int ret = blkzone_zone_at(c->dev, c->zones[idx].start, 0, &z);

	if (ret)
		bail("blkzone_zone_at", ret);
	return z;
}

size_t case_seq(const struct case_dev *c, size_t n)
{
	size_t i;

	for (i = 0; i < c->nr; i++)
		if (c->zones[i].type != BLKZONE_TYPE_CONVENTIONAL && !n--)
			return i;
	return c->nr;
}

bool case_zone_is(struct case_dev *c, size_t idx, unsigned int cond,
		  uint64_t wp_rel, const char *what)
{
	struct blkzone_zone z = case_zone(c, idx);
	bool ok = z.cond == cond && z.wp - z.start == wp_rel;

	tap_ok(ok, "%s: zone %zu is %s with the write pointer at +%llu",
	       what, idx, blkzone_cond_name(cond, false),
	       (unsigned long long)wp_rel);
	if (!ok)
		tap_diag("got %s (0x%x), write pointer at +%llu",
			 blkzone_cond_name(z.cond, false), z.cond,
			 (unsigned long long)(z.wp - z.start));
	return ok;
}

void *case_buf(size_t len, int fill)
{
	size_t alloc = (len + 4095) / 4096 * 4096;
	unsigned char *p = aligned_alloc(4096, alloc ? alloc : 4096);
	size_t i;

	if (!p)
		bail("aligned_alloc", -ENOMEM);
	if (fill >= 0)
		memset(p, fill, len);
	else
		for (i = 0; i < len; i++)
			p[i] = (unsigned char)(i * 7 + i / 512 + 1);
	return p;
}

bool case_zone_eq(const struct blkzone_zone *a, const struct blkzone_zone *b)
{
	return a->start == b->start && a->len == b->len &&
	       a->capacity == b->capacity && a->wp == b->wp &&
	       a->type == b->type && a->cond == b->cond;
}

unsigned int case_fold(unsigned int cond)
{
	if (cond == BLKZONE_COND_IMP_OPEN || cond == BLKZONE_COND_EXP_OPEN ||
	    cond == BLKZONE_COND_CLOSED)
		return BLKZONE_COND_ACTIVE;
	return cond;
}

bool case_all_zero(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}
