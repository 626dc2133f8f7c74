// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "parse.h"
#include "zonectl.h"

/* Limits of blkzone_image_create(3), checked here to name the problem. */
#define MIN_ZONE_SIZE	4096ULL
#define MAX_ZONE_SIZE	(1ULL << 40)
#define MAX_ZONES	(1U << 20)

static void usage(void)
{
	printf("Usage:\n"
	       " %s mkimage [options] <file>\n"
	       "\n"
	       "Create a zone image: a regular file that every zonectl command\n"
	       "(and libblkzone) uses as an emulated zoned block device.\n"
	       "\n"
	       "Options:\n"
	       " -z, --zone-size <size>      zone size (default 256MiB)\n"
	       " -n, --nr-zones <number>     number of zones\n"
	       " -s, --size <size>           capacity, instead of --nr-zones\n"
	       " -c, --zone-capacity <size>  capacity of sequential zones\n"
	       "                             (default: the zone size)\n"
	       "     --conv <number>         conventional zones at the start (default 0)\n"
	       " -b, --block-size <bytes>    logical block size: 512 or 4096 (default 512)\n"
	       "     --max-open <number>     open zone limit (default 0: none)\n"
	       "     --max-active <number>   active zone limit (default 0: none)\n"
	       " -m, --model <model>         host-managed (default) or host-aware\n"
	       " -h, --help                  display this help\n"
	       " -V, --version               display version\n"
	       "\n"
	       ZC_SIZE_HELP
	       "The file must not exist; it is sparse.\n"
	       "\n"
	       "For more details see zonectl(8).\n", zc_progname);
}

enum {
	OPT_CONV = 0x100,
	OPT_MAX_OPEN,
	OPT_MAX_ACTIVE,
};

#define USAGE_ERROR(...) (zc_usage_error("mkimage", __VA_ARGS__), -1)

static int parse_u32_opt(const char *opt, const char *arg, uint32_t *val)
{
	uint64_t v;

	if (zc_parse_u64(arg, &v) || v > UINT32_MAX)
		return USAGE_ERROR("invalid %s '%s'", opt, arg);
	*val = v;
	return 0;
}

static int parse_model(const char *arg, enum blkzone_model *model)
{
	if (!strcmp(arg, "host-managed") || !strcmp(arg, "hm"))
		*model = BLKZONE_MODEL_HOST_MANAGED;
	else if (!strcmp(arg, "host-aware") || !strcmp(arg, "ha"))
		*model = BLKZONE_MODEL_HOST_AWARE;
	else
		return USAGE_ERROR("unknown zone model '%s' (host-managed or "
				   "host-aware)", arg);
	return 0;
}

/* The options as typed, for messages; NULL where not given. */
struct mk_args {
	const char *zone_size;
	const char *nr_zones;
	const char *size;
	const char *zone_cap;
	const char *block_size;
	const char *conv;
	const char *max_open;
	const char *max_active;
};

static const char *zone_size_text(char *buf, size_t size,
				  const struct mk_args *a, uint64_t zs)
{
	char human[32];

	if (a->zone_size)
		snprintf(buf, size, "'%s'", a->zone_size);
	else
		snprintf(buf, size, "%s", zc_human_size(human, sizeof(human),
							zs, true));
	return buf;
}

/* The block, zone and zone capacity sizes. */
static int check_sizes(const struct blkzone_image_geometry *geo,
		       const struct mk_args *a)
{
	uint64_t zs = geo->zone_size, lbs = geo->logical_block_size;
	char zst[64];

	if (lbs != 512 && lbs != 4096)
		return USAGE_ERROR("--block-size '%s' must be 512 or 4096 "
				   "(bytes)", a->block_size);
	if (zs < MIN_ZONE_SIZE || zs > MAX_ZONE_SIZE || (zs & (zs - 1)))
		return USAGE_ERROR("--zone-size '%s' must be a power of 2 from "
				   "4 KiB to 1 TiB", a->zone_size);
	if (geo->zone_capacity > zs || geo->zone_capacity % lbs)
		return USAGE_ERROR("--zone-capacity '%s' must be a multiple of "
				   "the block size (%" PRIu64 " bytes), at most "
				   "the zone size (%s)", a->zone_cap, lbs,
				   zone_size_text(zst, sizeof(zst), a, zs));
	return 0;
}

/* Sets the zone count from --size; names what is wrong with the counts. */
static int check_counts(struct blkzone_image_geometry *geo, uint64_t size,
			const struct mk_args *a)
{
	uint64_t zs = geo->zone_size;
	char zst[64];

	if (size) {
		if (geo->nr_zones)
			return USAGE_ERROR("options --size and --nr-zones are "
					   "mutually exclusive");
		if (size % zs || size / zs > MAX_ZONES)
			return USAGE_ERROR("--size '%s' must be a multiple of the "
					   "zone size (%s), at most %u zones",
					   a->size, zone_size_text(zst, sizeof(zst),
								   a, zs),
					   MAX_ZONES);
		geo->nr_zones = size / zs;
	}
	if (!a->nr_zones && !a->size)
		return USAGE_ERROR("the number of zones is required: --nr-zones "
				   "or --size");
	if (!geo->nr_zones || geo->nr_zones > MAX_ZONES)
		return USAGE_ERROR("--nr-zones '%s' must be from 1 to %u (zones)",
				   a->nr_zones, MAX_ZONES);
	if (geo->nr_conv_zones >= geo->nr_zones)
		return USAGE_ERROR("--conv '%s' leaves no sequential zone (the "
				   "image has %" PRIu32 " zones)", a->conv,
				   geo->nr_zones);
	if (geo->max_open_zones && geo->max_active_zones &&
	    geo->max_active_zones < geo->max_open_zones)
		return USAGE_ERROR("--max-active '%s' must be at least "
				   "--max-open '%s' (zones)", a->max_active,
				   a->max_open);
	return 0;
}

static int parse(int argc, char **argv, struct blkzone_image_geometry *geo,
		 const char **path)
{
	struct mk_args a = { 0 };
	static const struct option longopts[] = {
		{ "zone-size",	   required_argument, NULL, 'z' },
		{ "nr-zones",	   required_argument, NULL, 'n' },
		{ "size",	   required_argument, NULL, 's' },
		{ "zone-capacity", required_argument, NULL, 'c' },
		{ "conv",	   required_argument, NULL, OPT_CONV },
		{ "block-size",	   required_argument, NULL, 'b' },
		{ "max-open",	   required_argument, NULL, OPT_MAX_OPEN },
		{ "max-active",	   required_argument, NULL, OPT_MAX_ACTIVE },
		{ "model",	   required_argument, NULL, 'm' },
		ZC_COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	uint64_t size = 0;
	int c;

	memset(geo, 0, sizeof(*geo));
	geo->model = BLKZONE_MODEL_HOST_MANAGED;
	geo->logical_block_size = 512;
	geo->zone_size = 256ULL << 20;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":z:n:s:c:b:m:hV", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'z':
			a.zone_size = optarg;
			if (zc_size_option("mkimage", "zone size", optarg,
					   &geo->zone_size))
				return -1;
			break;
		case 'n':
			a.nr_zones = optarg;
			if (parse_u32_opt("number of zones", optarg,
					  &geo->nr_zones))
				return -1;
			break;
		case 's':
			a.size = optarg;
			if (zc_size_option("mkimage", "size", optarg, &size))
				return -1;
			if (!size)
				return USAGE_ERROR("--size '%s' must not be zero", optarg);
			break;
		case 'c':
			a.zone_cap = optarg;
			if (zc_size_option("mkimage", "zone capacity", optarg,
					   &geo->zone_capacity))
				return -1;
			if (!geo->zone_capacity)
				return USAGE_ERROR("--zone-capacity '%s' must not be zero", optarg);
			break;
		case OPT_CONV:
			a.conv = optarg;
			if (parse_u32_opt("number of conventional zones", optarg,
					  &geo->nr_conv_zones))
				return -1;
			break;
		case 'b':
			a.block_size = optarg;
			if (parse_u32_opt("block size", optarg,
					  &geo->logical_block_size))
				return -1;
			break;
		case OPT_MAX_OPEN:
			a.max_open = optarg;
			if (parse_u32_opt("max open zones", optarg,
					  &geo->max_open_zones))
				return -1;
			break;
		case OPT_MAX_ACTIVE:
			a.max_active = optarg;
			if (parse_u32_opt("max active zones", optarg,
					  &geo->max_active_zones))
				return -1;
			break;
		case 'm':
			if (parse_model(optarg, &geo->model))
				return -1;
			break;
		case 'h':
			usage();
			return 1;
		case 'V':
			zc_print_version();
			return 1;
		default:
			zc_option_error("mkimage", c, argv);
			return -1;
		}
	}
	if (optind == argc)
		return USAGE_ERROR("no file specified");
	if (argc - optind > 1)
		return USAGE_ERROR("unexpected argument '%s'", argv[optind + 1]);
	*path = argv[optind];
	if (check_sizes(geo, &a))
		return -1;
	return check_counts(geo, size, &a);
}

int zc_cmd_mkimage(int argc, char **argv)
{
	struct blkzone_image_geometry geo;
	const char *path;
	int ret;

	ret = parse(argc, argv, &geo, &path);
	if (ret)
		return ret > 0 ? ZC_EXIT_OK : ZC_EXIT_FAILURE;
	ret = blkzone_image_create(path, &geo);
	if (ret == -EEXIST) {
		zc_errx("%s: already exists", path);
		return ZC_EXIT_FAILURE;
	}
	if (ret) {
		zc_errn(ret, "%s: cannot create the zone image", path);
		return ZC_EXIT_FAILURE;
	}
	return ZC_EXIT_OK;
}
