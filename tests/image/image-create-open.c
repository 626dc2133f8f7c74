// SPDX-License-Identifier: GPL-2.0-or-later
/* A new image opens and describes the geometry it was made with. */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include "image-util.h"
#include "tap.h"

int main(void)
{
	struct blkzone_image_geometry g = img_geo(10, 1 << 20);
	struct blkzone_dev *dev;
	struct blkzone_info info;
	struct img_env e;
	struct stat st;

	img_env_init(&e);
	tap_plan(16);
	g.zone_capacity = 768 << 10;
	g.nr_conv_zones = 2;
	g.max_open_zones = 3;
	g.max_active_zones = 5;
	tap_eq_int(blkzone_image_create(e.path, &g), 0, "create");
	/* Apart: arguments are evaluated in no set order. */
	if (stat(e.path, &st))
		memset(&st, 0, sizeof(st));
	tap_ok(S_ISREG(st.st_mode) && st.st_size >= 10 << 20,
	       "a regular file of %lld bytes", (long long)st.st_size);
	tap_ok(st.st_blocks * 512 < 1 << 20, "sparse: %lld bytes allocated",
	       (long long)st.st_blocks * 512);
	dev = img_open(e.path, O_RDWR);
	tap_eq_int(blkzone_get_info(dev, &info), 0, "get_info");
	tap_eq_int(info.model, BLKZONE_MODEL_HOST_MANAGED, "model");
	tap_eq_int(info.logical_block_size, 4096, "logical block size");
	tap_eq_int(info.physical_block_size, 4096, "physical block size");
	tap_eq_u64(info.capacity, 10ULL << 20, "capacity");
	tap_eq_u64(info.zone_size, 1 << 20, "zone size");
	tap_eq_u64(info.zone_capacity, 768 << 10, "zone capacity");
	tap_eq_int(info.nr_zones, 10, "zones");
	tap_eq_int(info.max_open_zones, 3, "max open");
	tap_eq_int(info.max_active_zones, 5, "max active");
	tap_eq_u64(info.zone_append_max_bytes, 0, "no zone append");
	tap_eq_int(info.zone_write_granularity, 4096, "write granularity");
	tap_ok(info.cached_report && !info.is_partition,
	       "cached reports, not a partition");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
