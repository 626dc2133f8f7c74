// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "blkzone-private.h"

/* Zones asked for at a time while looking for the first sequential zone. */
#define CAPACITY_SCAN_BATCH	128U

/* Whether cached reports work, asked of the zone at @part_start. */
static int probe_cached(struct blkzone_dev *dev, uint64_t part_start,
			bool *cached)
{
	struct blk_zone_report *rep;
	int ret;

	rep = calloc(1, sizeof(*rep) + sizeof(struct blk_zone));
	if (!rep)
		return -ENOMEM;
	rep->sector = part_start >> BLKZONE_SECTOR_SHIFT;
	rep->nr_zones = 1;
	ret = dev->ops->report(dev, rep, true);
	free(rep);
	if (ret == 0) {
		*cached = true;
		return 0;
	}
	if (blkzone_no_cached_report(ret)) {
		*cached = false;
		return 0;
	}
	return ret;
}

static int first_seq_capacity(struct blkzone_dev *dev, bool cached,
			      uint64_t *capacity)
{
	struct blkzone_report_opts opts = {
		.flags = cached ? BLKZONE_REPORT_CACHED : 0,
		.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_REQ) |
			     BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_PREF),
	};
	struct blkzone_zone z;
	int ret;

	ret = blkzone_report_first(dev, &opts, CAPACITY_SCAN_BATCH, &z);
	if (ret < 0)
		return ret;
	*capacity = ret ? z.capacity : 0;
	return 0;
}

int blkzone_get_info(struct blkzone_dev *dev, struct blkzone_info *info)
{
	struct blkzone_info tmp;
	int ret;

	if (!dev || !info)
		return -EINVAL;
	memset(&tmp, 0, sizeof(tmp));
	ret = dev->ops->get_info(dev, &tmp);
	if (ret)
		return ret;

	/* A partition that splits a zone has no usable zones. */
	if (tmp.zone_size && tmp.partition_offset % tmp.zone_size == 0) {
		ret = probe_cached(dev, tmp.partition_offset,
				   &tmp.cached_report);
		if (ret)
			return ret;
		ret = first_seq_capacity(dev, tmp.cached_report,
					 &tmp.zone_capacity);
		if (ret)
			return ret;
	}
	*info = tmp;
	return 0;
}
