// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "options.h"
#include "rows.h"
#include "zonectl.h"

/* JSON: the numbers after the "cached" member, sectors or bytes. */
static int print_json(const struct zc_ctl *ctl,
		      const struct blkzone_report_iter *it, uint64_t zones,
		      uint64_t bytes)
{
	char num[2][24];
	const char *cells[2] = { num[0], num[1] };
	struct zc_rows rs;
	int ret;

	snprintf(num[0], sizeof(num[0]), "%" PRIu64, zones);
	snprintf(num[1], sizeof(num[1]), "%" PRIu64,
		 ctl->bytes ? bytes : bytes >> BLKZONE_SECTOR_SHIFT);
	zc_rows_init(&rs, ZC_FORMAT_JSON, NULL, stdout);
	rs.json_head = zc_cached_json(it);
	zc_rows_add_column(&rs, "zones", 0, true, ZC_ROWS_NUMBER);
	zc_rows_add_column(&rs, "capacity", 0, true, ZC_ROWS_NUMBER);
	ret = zc_rows_object(&rs, cells);
	zc_rows_free(&rs);
	return ret;
}

/*
 * The sum as lsblk prints sizes ("1.5M"), exact bytes with --bytes; JSON
 * numbers are sectors, or bytes with --bytes.
 */
static int print_sum(struct zc_ctl *ctl, const struct blkzone_report_iter *it,
		     uint64_t zones, uint64_t bytes)
{
	char buf[32];

	if (ctl->json)
		return zc_rows_status(ctl, print_json(ctl, it, zones, bytes),
				      "the sum");
	if (ctl->bytes)
		printf("%" PRIu64 "\n", bytes);
	else
		printf("%s\n", zc_human_size(buf, sizeof(buf), bytes, false));
	return ZC_EXIT_OK;
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
	ret = print_sum(ctl, it, zones, sum);
	blkzone_report_end(it);
	return ret;
}

const struct zc_command zc_cmd_capacity = {
	.name = "capacity",
	.help = "sum the capacities of zones",
	.desc = "Print the sum of the capacities of the zones in a range\n"
		"(conventional zones count their length).\n",
	.options_help =
		ZC_RANGE_HELP
		ZC_CACHED_HELP
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
