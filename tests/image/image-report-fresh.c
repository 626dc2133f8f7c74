// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A fresh image reports its geometry: conventional zones, then empty
 * sequential zones with their capacity, in 512-byte sectors as the kernel
 * answers BLKREPORTZONE.
 */
#include "config.h"

#include <stdlib.h>
#include <unistd.h>

#include "fake-dev.h"
#include "image-util.h"
#include "tap.h"

#define ZS	(256ULL << 10)
#define CAP	(192ULL << 10)

int main(void)
{
	struct blkzone_image_geometry g = img_geo(6, ZS);
	struct blkzone_report_opts opts = { 0 };
	struct blk_zone_report *rep;
	struct blkzone_zone z[8];
	struct blkzone_dev *dev;
	struct img_env e;
	int i, bad = 0;
	long n;

	img_env_init(&e);
	tap_plan(9);
	g.nr_conv_zones = 2;
	g.zone_capacity = CAP;
	dev = img_make(e.path, &g);

	n = fake_collect(dev, NULL, z, 8, NULL);
	tap_eq_int(n, 6, "six zones");
	for (i = 0; i < 6 && i < n; i++) {
		bool conv = i < 2;

		if (z[i].start != i * ZS || z[i].len != ZS ||
		    z[i].capacity != (conv ? ZS : CAP) ||
		    z[i].type != (conv ? BLKZONE_TYPE_CONVENTIONAL :
					 BLKZONE_TYPE_SEQWRITE_REQ) ||
		    z[i].cond != (conv ? BLKZONE_COND_NOT_WP :
					 BLKZONE_COND_EMPTY) ||
		    z[i].wp != (conv ? z[i].start + ZS : z[i].start) ||
		    z[i].flags)
			bad++;
	}
	tap_eq_int(bad, 0, "zones as made (conventional, then empty)");

	opts.offset = 3 * ZS + 4096;
	n = fake_collect(dev, &opts, z, 8, NULL);
	tap_ok(n == 3 && z[0].start == 3 * ZS,
	       "a report from inside zone 3 starts at it");

	/* The raw answer, as BLKREPORTZONE gives it. */
	rep = calloc(1, sizeof(*rep) + 10 * sizeof(struct blk_zone));
	rep->sector = 5 * ZS / 512 + 8;
	rep->nr_zones = 10;
	tap_eq_int(dev->ops->report(dev, rep, false), 0, "raw request");
	tap_eq_int(rep->nr_zones, 1, "one zone from the last one");
	tap_ok(rep->flags == BLK_ZONE_REP_CAPACITY &&
	       rep->zones[0].start == 5 * ZS / 512 &&
	       rep->zones[0].len == ZS / 512 &&
	       rep->zones[0].capacity == CAP / 512,
	       "sectors, with BLK_ZONE_REP_CAPACITY");
	rep->sector = 6 * ZS / 512;
	rep->nr_zones = 10;
	tap_ok(dev->ops->report(dev, rep, false) == 0 && rep->nr_zones == 0,
	       "no zone past the end");
	free(rep);
	blkzone_close(dev);

	unlink(e.path);
	g.model = BLKZONE_MODEL_HOST_AWARE;
	g.nr_conv_zones = 0;
	g.zone_capacity = 0;
	dev = img_make(e.path, &g);
	n = fake_collect(dev, NULL, z, 8, NULL);
	tap_ok(n == 6 && z[0].type == BLKZONE_TYPE_SEQWRITE_PREF &&
	       z[5].type == BLKZONE_TYPE_SEQWRITE_PREF,
	       "host-aware: sequential write preferred zones");
	tap_ok(z[0].capacity == ZS, "capacity 0 means the zone size");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
