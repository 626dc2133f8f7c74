// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "options.h"
#include "zonectl.h"

/*
 * The sum as lsblk prints sizes ("1.5M"), exact bytes with --bytes; JSON
 * numbers are sectors, or bytes with --bytes.
 */
static void print_sum(const struct zc_ctl *ctl,
		      const struct blkzone_report_iter *it, uint64_t zones,
		      uint64_t bytes)
{
	char buf[32];

	if (ctl->json)
		printf("{\n   %s,\n   \"zones\": %" PRIu64 ",\n"
		       "   \"capacity\": %" PRIu64 "\n}\n",
		       zc_cached_json(it), zones,
		       ctl->bytes ? bytes : bytes >> BLKZONE_SECTOR_SHIFT);
	else if (ctl->bytes)
		printf("%" PRIu64 "\n", bytes);
	else
		printf("%s\n", zc_human_size(buf, sizeof(buf), bytes, false));
}

static int capacity_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	struct blkzone_report_iter *it;
	struct blkzone_info info;
	struct blkzone_zone z;
	uint64_t sum = 0, zones = 0;
	int ret;

	if (zc_range_start(ctl, dev, &info, &it))
		return ZC_EXIT_FAILURE;
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		/* Conventional zones have no write pointer to stop short of. */
		sum += z.type == BLKZONE_TYPE_CONVENTIONAL ? z.len : z.capacity;
		zones++;
	}
	if (ret < 0) {
		blkzone_report_end(it);
		return zc_report_error(ctl->path, ret);
	}
	print_sum(ctl, it, zones, sum);
	blkzone_report_end(it);
	return ZC_EXIT_OK;
}

const struct zc_command zc_cmd_capacity = {
	.name = "capacity",
	.help = "sum the capacities of zones",
	.desc = "Print the sum of the capacities of the zones in a range\n"
		"(conventional zones count their length).\n",
	.options_help =
		ZC_RANGE_HELP
		ZC_FILTER_HELP
		" -b, --bytes            print the sum in bytes, exactly\n"
		" -J, --json             use JSON output format\n",
	.notes = ZC_SIZE_HELP
		"The sum is printed as lsblk prints sizes (1.5M: 1.5 MiB), in\n"
		"bytes with --bytes; in JSON it is a number of 512-byte sectors,\n"
		"or of bytes with --bytes.\n",
	.flags = ZC_CMD_RANGE | ZC_CMD_CACHED | ZC_CMD_FILTER | ZC_CMD_JSON,
	.run = capacity_run,
};
