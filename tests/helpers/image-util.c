// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image-util.h"
#include "tap.h"

void img_env_init(struct img_env *e)
{
	snprintf(e->dir, sizeof(e->dir), "/tmp/blkzone-img-XXXXXX");
	if (!mkdtemp(e->dir))
		tap_skip_all("cannot make a temporary directory");
	snprintf(e->path, sizeof(e->path), "%s/image", e->dir);
}

void img_env_cleanup(struct img_env *e)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", e->dir);
	if (system(cmd))
		tap_diag("could not remove %s", e->dir);
}

struct blkzone_image_geometry img_geo(uint32_t nr, uint64_t zs)
{
	struct blkzone_image_geometry g = {
		.model = BLKZONE_MODEL_HOST_MANAGED,
		.logical_block_size = 4096,
		.zone_size = zs,
		.nr_zones = nr,
	};

	return g;
}

struct blkzone_dev *img_open(const char *path, int flags)
{
	struct blkzone_dev *dev;
	int ret = blkzone_open(path, flags, &dev);

	if (ret) {
		fprintf(stderr, "blkzone_open %s: %s\n", path, strerror(-ret));
		abort();
	}
	return dev;
}

struct blkzone_dev *img_make(const char *path,
			     const struct blkzone_image_geometry *g)
{
	int ret = blkzone_image_create(path, g);

	if (ret) {
		fprintf(stderr, "create %s: %s\n", path, strerror(-ret));
		abort();
	}
	return img_open(path, O_RDWR);
}

int img_op(struct blkzone_dev *dev, enum blkzone_op op, uint64_t offset,
	   uint64_t length)
{
	return dev->ops->zone_mgmt(dev, op, offset >> BLKZONE_SECTOR_SHIFT,
				   length >> BLKZONE_SECTOR_SHIFT);
}

int64_t img_write(struct blkzone_dev *dev, uint64_t offset, size_t len,
		  int fill)
{
	void *buf = malloc(len ? len : 1);
	int64_t ret;

	if (!buf)
		abort();
	memset(buf, fill, len);
	ret = dev->ops->pwrite(dev, buf, len, offset);
	free(buf);
	return ret;
}

struct blkzone_zone img_zone(struct blkzone_dev *dev, uint32_t idx,
			     bool cached)
{
	struct blkzone_report_opts opts = {
		.max_zones = 1,
		.flags = cached ? BLKZONE_REPORT_CACHED : 0,
	};
	struct blkzone_geometry geo;
	struct blkzone_report_iter *it;
	struct blkzone_zone z;

	dev->ops->geometry(dev, &geo);
	opts.offset = (uint64_t)idx * geo.zone_size;
	if (blkzone_report_start(dev, &opts, &it) ||
	    blkzone_report_next(it, &z) != 1)
		abort();
	blkzone_report_end(it);
	return z;
}

bool img_zone_is(struct blkzone_dev *dev, uint32_t idx, unsigned int cond,
		 uint64_t wp_rel, const char *what)
{
	struct blkzone_zone z = img_zone(dev, idx, false);

	return tap_ok(z.cond == cond && z.wp == z.start + wp_rel,
		      "%s: zone %u cond %s (want %s), wp +%llu (want +%llu)",
		      what, idx, blkzone_cond_name(z.cond, true),
		      blkzone_cond_name(cond, true),
		      (unsigned long long)(z.wp - z.start),
		      (unsigned long long)wp_rel);
}
