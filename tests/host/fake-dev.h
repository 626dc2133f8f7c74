/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef HOSTTEST_FAKE_DEV_H
#define HOSTTEST_FAKE_DEV_H

#include "blkzone-private.h"

/*
 * A zoned device in memory behind the library's backend interface, so that
 * the report logic runs on the host exactly as on a disk: the fake answers
 * each request the way BLKREPORTZONE and BLKREPORTZONEV2 do.
 */
struct fake_dev {
	uint64_t zone_sectors;
	uint64_t nr_zones;
	struct blk_zone *zones;		/* kernel format, disk sectors */
	enum blkzone_model model;
	bool has_cached;		/* BLK_ZONE_REP_CACHED works */
	int no_cached_err;		/* answer to a cached request otherwise */
	bool has_capacity;		/* answers carry BLK_ZONE_REP_CAPACITY */
	uint64_t part_start;		/* bytes; 0: whole disk */
	uint64_t part_len;		/* bytes */
	uint64_t last_zone_sectors;	/* a smaller last zone; 0: none */

	unsigned int fail_call;		/* 1-based request that fails; 0: none */
	int fail_err;
	bool answer_too_many;		/* claims one zone more than asked */
	bool answer_zero_len;		/* zones of length 0 */

	unsigned int calls;		/* requests seen */
	unsigned int cached_calls;
	unsigned int device_calls;
	uint32_t max_request;		/* largest nr_zones asked for */
};

/* @nr_zones sequential-write-required empty zones of @zone_sectors. */
struct fake_dev *fake_new(uint64_t nr_zones, uint64_t zone_sectors);
/* The first @n zones become conventional. */
void fake_set_conventional(struct fake_dev *f, uint64_t n);
/* The last zone shrinks to @sectors, as on a disk that ends mid-zone. */
void fake_set_last_zone(struct fake_dev *f, uint64_t sectors);
uint64_t fake_disk_bytes(const struct fake_dev *f);
int fake_open(struct fake_dev *f, struct blkzone_dev **devp);
void fake_free(struct fake_dev *f);

/*
 * Runs a whole report into @out (at most @max zones).  Returns the number
 * of zones, or the first negative errno.
 */
long fake_collect(struct blkzone_dev *dev,
		  const struct blkzone_report_opts *opts,
		  struct blkzone_zone *out, size_t max, bool *cached);

#endif /* HOSTTEST_FAKE_DEV_H */
