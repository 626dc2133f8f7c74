// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Makes a zone image for the library test cases:
 *   mkimage PATH hm|ha LBS ZONE_SIZE ZONE_CAP NR_ZONES NR_CONV MAX_OPEN MAX_ACTIVE
 * sizes in bytes, ZONE_CAP 0 for the zone size, limits 0 for none.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libblkzone.h"

int main(int argc, char **argv)
{
	struct blkzone_image_geometry g = { 0 };
	int ret;

	if (argc != 10 || (strcmp(argv[2], "hm") && strcmp(argv[2], "ha"))) {
		fprintf(stderr, "usage: %s PATH hm|ha LBS ZONE_SIZE ZONE_CAP "
			"NR_ZONES NR_CONV MAX_OPEN MAX_ACTIVE\n", argv[0]);
		return 2;
	}
	g.model = strcmp(argv[2], "hm") ? BLKZONE_MODEL_HOST_AWARE :
					  BLKZONE_MODEL_HOST_MANAGED;
	g.logical_block_size = (uint32_t)strtoul(argv[3], NULL, 0);
	g.zone_size = strtoull(argv[4], NULL, 0);
	g.zone_capacity = strtoull(argv[5], NULL, 0);
	g.nr_zones = (uint32_t)strtoul(argv[6], NULL, 0);
	g.nr_conv_zones = (uint32_t)strtoul(argv[7], NULL, 0);
	g.max_open_zones = (uint32_t)strtoul(argv[8], NULL, 0);
	g.max_active_zones = (uint32_t)strtoul(argv[9], NULL, 0);
	ret = blkzone_image_create(argv[1], &g);
	if (ret) {
		fprintf(stderr, "%s: %s: %s\n", argv[0], argv[1], strerror(-ret));
		return 1;
	}
	return 0;
}
