/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef CASES_CASE_H
#define CASES_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libblkzone.h"
#include "tap.h"

/*
 * A library test case runs on whatever zoned device it is given: a zone
 * image on the host, a scsi_debug or null_blk disk (or dm over one) in the
 * guest.  It learns the geometry from the library and adapts to it.
 */
struct case_dev {
	const char *path;
	struct blkzone_dev *dev;
	struct blkzone_info info;
	struct blkzone_zone *zones;	/* the report taken by case_open() */
	size_t nr;
	size_t nr_conv;			/* conventional zones, anywhere */
	size_t first_seq;		/* index of the first sequential zone */
	size_t nr_seq;
	bool hm;			/* host-managed */
	bool image;			/* a zone image, not a block device */
	uint32_t lbs;
	int flags;			/* blkzone_open() flags */
};

/*
 * Opens argv[1] (or $DEV) read-write with O_DIRECT, resets every
 * sequential zone, and takes a full report.  Skips the whole case (TAP
 * "1..0 # SKIP") when the device is not zoned, unless @allow_regular.
 * Exits with a failed plan when something is wrong.
 */
void case_open(struct case_dev *c, int argc, char **argv, bool allow_regular);
/*
 * Resets every sequential zone and closes; returns tap_end()'s status (a
 * case's plan comes last: its number of results depends on the device).
 */
int case_finish(struct case_dev *c);

/* A fresh device report of zone @idx; aborts the case on error. */
struct blkzone_zone case_zone(struct case_dev *c, size_t idx);
/* A fresh report of every zone into *@zones; returns the count. */
size_t case_report(struct case_dev *c, uint32_t flags,
		   struct blkzone_zone **zones);

/* Index of the @n-th sequential zone (0-based), or c->nr if none. */
size_t case_seq(const struct case_dev *c, size_t n);

/* Checks one zone's condition and write pointer (relative to its start). */
bool case_zone_is(struct case_dev *c, size_t idx, unsigned int cond,
		  uint64_t wp_rel, const char *what);

/* A buffer aligned for O_DIRECT, filled with @fill (or a pattern if < 0). */
void *case_buf(size_t len, int fill);

/* Equal fields, the reserved ones and the flags left out. */
bool case_zone_eq(const struct blkzone_zone *a, const struct blkzone_zone *b);
/* The condition a cached report gives for @cond. */
unsigned int case_fold(unsigned int cond);

bool case_all_zero(const void *buf, size_t len);

#endif /* CASES_CASE_H */
