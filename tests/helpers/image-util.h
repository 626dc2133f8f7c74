/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef HOSTTEST_IMAGE_UTIL_H
#define HOSTTEST_IMAGE_UTIL_H

#include "blkzone-private.h"

/*
 * Zone images under a temporary directory, and the backend hooks called
 * directly, in bytes, as the generic zone calls will.
 */
struct img_env {
	char dir[64];
	char path[96];
};

/* Makes the directory; skips the whole test if it cannot. */
void img_env_init(struct img_env *e);
void img_env_cleanup(struct img_env *e);

/* A host-managed geometry: @nr zones of @zs bytes, 4096-byte blocks. */
struct blkzone_image_geometry img_geo(uint32_t nr, uint64_t zs);

/* Creates @path with @g and opens it read-write; aborts on failure. */
struct blkzone_dev *img_make(const char *path,
			     const struct blkzone_image_geometry *g);
struct blkzone_dev *img_open(const char *path, int flags);

int img_op(struct blkzone_dev *dev, enum blkzone_op op, uint64_t offset,
	   uint64_t length);
/* Writes @len bytes of @fill at @offset. */
int64_t img_write(struct blkzone_dev *dev, uint64_t offset, size_t len,
		  int fill);

/* Zone @idx through a report (cached or not); aborts on failure. */
struct blkzone_zone img_zone(struct blkzone_dev *dev, uint32_t idx,
			     bool cached);
/* Condition and write pointer of zone @idx, or a failed check. */
bool img_zone_is(struct blkzone_dev *dev, uint32_t idx, unsigned int cond,
		 uint64_t wp_rel, const char *what);

#endif /* HOSTTEST_IMAGE_UTIL_H */
