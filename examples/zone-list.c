// SPDX-License-Identifier: MIT
/*
 * zone-list: print the zones of a zoned block device with libblkzone.
 *
 *   cc -o zone-list zone-list.c $(pkg-config --cflags --libs libblkzone)
 *   ./zone-list /dev/nullb0
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <libblkzone.h>

int main(int argc, char **argv)
{
	struct blkzone_report_iter *it;
	struct blkzone_dev *dev;
	struct blkzone_info info;
	struct blkzone_zone z;
	int ret;

	if (argc != 2) {
		fprintf(stderr, "usage: %s DEVICE\n", argv[0]);
		return 2;
	}
	ret = blkzone_open(argv[1], O_RDONLY, &dev);
	if (ret) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(-ret));
		return 1;
	}
	ret = blkzone_get_info(dev, &info);
	if (ret)
		goto fail;
	if (!info.zone_size) {
		fprintf(stderr, "%s: not a zoned block device\n", argv[1]);
		blkzone_close(dev);
		return 1;
	}
	printf("%s: %s, %" PRIu32 " zones of %" PRIu64 " bytes\n", argv[1],
	       blkzone_model_name(info.model), info.nr_zones, info.zone_size);

	/* Ask for the cached report: the library falls back if it must. */
	ret = blkzone_report_start(dev, &(struct blkzone_report_opts){
					   .flags = BLKZONE_REPORT_CACHED },
				   &it);
	if (ret)
		goto fail;
	while ((ret = blkzone_report_next(it, &z)) > 0)
		printf("%12" PRIu64 " %12" PRIu64 " %12" PRIu64 " %-3s %s\n",
		       z.start, z.len, z.wp - z.start,
		       blkzone_type_name(z.type, true),
		       blkzone_cond_name(z.cond, true));
	printf("(%s report)\n",
	       blkzone_report_was_cached(it) ? "cached" : "device");
	blkzone_report_end(it);
	if (ret < 0)
		goto fail;
	blkzone_close(dev);
	return 0;

fail:
	fprintf(stderr, "%s: %s\n", argv[1], strerror(-ret));
	blkzone_close(dev);
	return 1;
}
