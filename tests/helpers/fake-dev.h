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
	bool read_only;			/* handles open O_RDONLY, else O_RDWR */
	bool direct;			/* handles open with O_DIRECT */

	unsigned int fail_call;		/* 1-based request that fails; 0: none */
	int fail_err;
	bool answer_too_many;		/* claims one zone more than asked */
	bool answer_zero_len;		/* zones of length 0 */

	unsigned int calls;		/* requests seen */
	unsigned int cached_calls;
	unsigned int device_calls;
	uint32_t max_request;		/* largest nr_zones asked for */

	/*
	 * Zone management, reads and writes follow ZBC host-managed rules:
	 * writes only at the write pointer of sequential zones, which opens
	 * them implicitly, and only within the zone's capacity.
	 */
	uint32_t lbs;			/* logical block size; 0: 4096 */
	unsigned char *data;		/* fake_alloc_data(); NULL: no data */
	size_t max_transfer;		/* bytes per read or write; 0: all */
	unsigned int eintr_left;	/* reads/writes that give -EINTR first */
	unsigned int io_fail_call;	/* 1-based read/write that fails */
	int io_fail_err;
	int mgmt_fail_err;		/* zone_mgmt requests fail with it */
	unsigned int mgmt_fail_call;	/* 1-based one that fails; 0: all */

	unsigned int mgmt_calls;	/* zone_mgmt requests seen */
	enum blkzone_op last_op;	/* the last zone_mgmt request */
	uint64_t last_sector;
	uint64_t last_nr_sectors;
	unsigned int io_calls;		/* pread and pwrite requests */
	unsigned int read_calls;
	unsigned int write_calls;
};

/* @nr_zones sequential-write-required empty zones of @zone_sectors. */
struct fake_dev *fake_new(uint64_t nr_zones, uint64_t zone_sectors);
/* The first @n zones become conventional. */
void fake_set_conventional(struct fake_dev *f, uint64_t n);
/* The last zone becomes @sectors long (its capacity too). */
void fake_set_last_zone_len(struct fake_dev *f, uint64_t sectors);
uint64_t fake_disk_bytes(const struct fake_dev *f);
/* Keeps written data in memory (zeros until written). */
void fake_alloc_data(struct fake_dev *f);
int fake_open(struct fake_dev *f, struct blkzone_dev **devp);
void fake_free(struct fake_dev *f);

/*
 * Runs a whole report into @out (at most @max zones).  Returns the number
 * of zones, or the first negative errno.
 */
long fake_collect(struct blkzone_dev *dev,
		  const struct blkzone_report_opts *opts,
		  struct blkzone_zone *out, size_t max, bool *cached);

/*
 * The zones, data and count of zone_mgmt and write requests, to check that
 * a refused call changed nothing.
 */
struct fake_snap;
struct fake_snap *fake_snap_take(const struct fake_dev *f);
bool fake_snap_same(const struct fake_dev *f, const struct fake_snap *s);
void fake_snap_free(struct fake_snap *s);

#endif /* HOSTTEST_FAKE_DEV_H */
