// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "zonectl.h"

struct capacity_ctl {
	const char *path;
	struct zc_range range;
	bool bytes;
	bool json;
};

static void usage(void)
{
	printf("Usage:\n"
	       " %s capacity [options] <device>\n"
	       "\n"
	       "Print the sum of the capacities of the zones in a range\n"
	       "(conventional zones count their length).\n"
	       "\n"
	       "Options:\n"
	       ZC_RANGE_HELP
	       ZC_FILTER_HELP
	       " -b, --bytes            print the sum in bytes, exactly\n"
	       " -J, --json             use JSON output format\n"
	       " -h, --help             display this help\n"
	       " -V, --version          display version\n"
	       "\n"
	       ZC_SIZE_HELP
	       "The sum is printed as lsblk prints sizes (1.5M: 1.5 MiB), in\n"
	       "bytes with --bytes; in JSON it is a number of 512-byte sectors,\n"
	       "or of bytes with --bytes.\n"
	       "\n"
	       "For more details see zonectl(8).\n", zc_progname);
}

/* Returns 0 to go on, 1 when done (--help, --version), -1 on a usage error. */
static int capacity_parse(int argc, char **argv, struct capacity_ctl *ctl)
{
	static const struct option longopts[] = {
		ZC_RANGE_LONGOPTS,
		ZC_FILTER_LONGOPTS,
		{ "bytes",	no_argument,	NULL, 'b' },
		{ "json",	no_argument,	NULL, 'J' },
		ZC_COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct zc_output_opts out = { 0 };
	int c, ret;

	memset(ctl, 0, sizeof(*ctl));
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":" ZC_RANGE_SHORTOPTS "bJhV",
				longopts, NULL)) != -1) {
		ret = zc_report_option("capacity", c, optarg, &ctl->range, &out);
		if (ret < 0)
			return -1;
		if (!ret)
			return zc_common_option("capacity", c, argv, usage);
	}
	ctl->bytes = out.bytes;
	ctl->json = out.json;
	return zc_device_arg("capacity", argc, argv, &ctl->path);
}

/*
 * The sum as lsblk prints sizes ("1.5M"), exact bytes with --bytes; JSON
 * numbers are sectors, or bytes with --bytes.
 */
static void print_sum(const struct capacity_ctl *ctl,
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

static int capacity_run(void *arg, struct blkzone_dev *dev)
{
	struct capacity_ctl *ctl = arg;
	struct blkzone_report_iter *it;
	struct blkzone_info info;
	struct blkzone_zone z;
	uint64_t sum = 0, zones = 0;
	int ret;

	if (zc_range_start(ctl->path, dev, &ctl->range, &info, &it))
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

int zc_cmd_capacity(int argc, char **argv)
{
	struct capacity_ctl ctl;
	int ret = capacity_parse(argc, argv, &ctl);

	if (ret)
		return ret > 0 ? ZC_EXIT_OK : ZC_EXIT_FAILURE;
	return zc_with_device(ctl.path, capacity_run, &ctl);
}
