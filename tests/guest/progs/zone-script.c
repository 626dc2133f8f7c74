// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Runs a zone workload through libblkzone, then prints the device's zones:
 *   zone-script DEVICE [SCRIPT]
 * SCRIPT has one step a line, zones by index: "reset N", "open N",
 * "close N", "finish N" or "write N BLOCKS" (at the write pointer).  The
 * same script on a disk and on a zone image of its geometry must leave the
 * same zones.  Each step's result goes to stderr; a refused step is not an
 * error, the final zones tell.  The zones are printed as tests/guest/
 * report.sh prints them: START LEN CAP WPOFF TYPE COND in 512-byte sectors,
 * WPOFF 0 for conventional zones.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libblkzone.h"

static int step(struct blkzone_dev *dev, const struct blkzone_zone *zones,
		uint32_t nr, uint32_t lbs, const char *line)
{
	char op[16];
	unsigned int idx, blocks = 0;
	const struct blkzone_zone *z;
	int n = sscanf(line, "%15s %u %u", op, &idx, &blocks);

	if (n < 2 || idx >= nr)
		return -EINVAL;
	z = &zones[idx];
	if (!strcmp(op, "write") && n == 3) {
		size_t len = (size_t)blocks * lbs;
		void *buf = aligned_alloc(4096, (len + 4095) / 4096 * 4096);
		int64_t ret;

		if (!buf)
			return -ENOMEM;
		memset(buf, (int)(idx & 0xff) | 1, len);
		ret = blkzone_zone_write(dev, z->start, buf, len);
		free(buf);
		return ret < 0 ? (int)ret : 0;
	}
	if (!strcmp(op, "reset"))
		return blkzone_zone_op(dev, BLKZONE_OP_RESET, z->start, z->len);
	if (!strcmp(op, "open"))
		return blkzone_zone_op(dev, BLKZONE_OP_OPEN, z->start, z->len);
	if (!strcmp(op, "close"))
		return blkzone_zone_op(dev, BLKZONE_OP_CLOSE, z->start, z->len);
	if (!strcmp(op, "finish"))
		return blkzone_zone_op(dev, BLKZONE_OP_FINISH, z->start, z->len);
	return -EINVAL;
}

int main(int argc, char **argv)
{
	struct blkzone_zone *zones;
	struct blkzone_info info;
	struct blkzone_dev *dev;
	char line[128];
	int64_t nr, i;
	FILE *script;
	int ret;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s DEVICE [SCRIPT]\n", argv[0]);
		return 2;
	}
	/* Direct I/O keeps a disk's writes in the script's order. */
	ret = blkzone_open(argv[1], argc == 3 ? O_RDWR | O_DIRECT : O_RDONLY, &dev);
	if (ret == -EINVAL && argc == 3)
		ret = blkzone_open(argv[1], O_RDWR, &dev);
	if (!ret)
		ret = blkzone_get_info(dev, &info);
	if (ret) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(-ret));
		return 1;
	}
	nr = blkzone_report_zones(dev, NULL, &zones);
	if (nr <= 0) {
		fprintf(stderr, "%s: report: %s\n", argv[1],
			nr ? strerror((int)-nr) : "no zones");
		return 1;
	}
	if (argc == 3) {
		unsigned int n = 0;

		script = fopen(argv[2], "r");
		if (!script) {
			perror(argv[2]);
			return 1;
		}
		while (fgets(line, sizeof(line), script)) {
			line[strcspn(line, "\n")] = 0;
			ret = step(dev, zones, (uint32_t)nr,
				   info.logical_block_size, line);
			fprintf(stderr, "%u: %s: %s\n", ++n, line,
				ret ? strerror(-ret) : "ok");
		}
		fclose(script);
		free(zones);
		nr = blkzone_report_zones(dev, NULL, &zones);
		if (nr <= 0) {
			fprintf(stderr, "%s: report: %s\n", argv[1],
				nr ? strerror((int)-nr) : "no zones");
			return 1;
		}
	}
	for (i = 0; i < nr; i++) {
		const struct blkzone_zone *z = &zones[i];
		uint64_t wpoff = z->type == BLKZONE_TYPE_CONVENTIONAL ? 0 :
				 z->wp - z->start;

		printf("%" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %u %u\n",
		       z->start >> 9, z->len >> 9, z->capacity >> 9,
		       wpoff >> 9, z->type, z->cond);
	}
	free(zones);
	blkzone_close(dev);
	return 0;
}
