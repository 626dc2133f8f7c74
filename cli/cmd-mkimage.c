// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "image-format.h"
#include "options.h"
#include "parse.h"
#include "zonectl.h"

/* Limits of blkzone_image_create(3), checked here to name the problem. */
#define MIN_ZONE_SIZE	IMG_MIN_ZONE_SIZE
#define MAX_ZONE_SIZE	IMG_MAX_ZONE_SIZE
#define MAX_ZONES	IMG_MAX_ZONES

enum {
	OPT_CONV = ZC_OPT_NEXT,
	OPT_MAX_OPEN,
	OPT_MAX_ACTIVE,
	OPT_LAST_SIZE,
	OPT_LAST_CAP,
};

#define USAGE_ERROR(...) zc_usage_error("mkimage", __VA_ARGS__)

static enum zc_parse parse_u32_opt(const char *opt, const char *arg,
				   uint32_t *val)
{
	uint64_t v;

	if (zc_parse_u64(arg, &v) || v > UINT32_MAX)
		return USAGE_ERROR("invalid %s '%s'", opt, arg);
	*val = v;
	return ZC_PARSE_OK;
}

static enum zc_parse parse_model(const char *arg, enum blkzone_model *model)
{
	if (!strcasecmp(arg, "host-managed") || !strcasecmp(arg, "hm"))
		*model = BLKZONE_MODEL_HOST_MANAGED;
	else if (!strcasecmp(arg, "host-aware") || !strcasecmp(arg, "ha"))
		*model = BLKZONE_MODEL_HOST_AWARE;
	else
		return USAGE_ERROR("unknown zone model '%s' (host-managed or "
				   "host-aware)", arg);
	return ZC_PARSE_OK;
}

/* The options as typed, for messages; NULL where not given. */
struct mk_args {
	const char *zone_size;
	const char *nr_zones;
	const char *size;
	const char *zone_cap;
	const char *last_size;
	const char *last_cap;
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

/* The sizes of a smaller last zone. */
static enum zc_parse check_last_zone(const struct blkzone_image_geometry *geo,
				     const struct mk_args *a)
{
	uint64_t zs = geo->zone_size, lbs = geo->logical_block_size;
	uint64_t last = geo->last_zone_size ? geo->last_zone_size : zs;
	char zst[64], lt[32];

	if (last > zs || last % lbs)
		return USAGE_ERROR("--last-zone-size '%s' must be a multiple of "
				   "the block size (%" PRIu64 " bytes), at most "
				   "the zone size (%s)", a->last_size, lbs,
				   zone_size_text(zst, sizeof(zst), a, zs));
	if (geo->last_zone_capacity > last || geo->last_zone_capacity % lbs)
		return USAGE_ERROR("--last-zone-capacity '%s' must be a multiple "
				   "of the block size (%" PRIu64 " bytes), at most "
				   "the last zone's size (%s)", a->last_cap, lbs,
				   zc_human_size(lt, sizeof(lt), last, true));
	return ZC_PARSE_OK;
}

/* The block, zone and zone capacity sizes. */
static enum zc_parse check_sizes(const struct blkzone_image_geometry *geo,
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
	return check_last_zone(geo, a);
}

/* A zone limit above the number of sequential zones limits nothing. */
static enum zc_parse check_limit(const char *opt, const char *arg,
				 uint32_t limit,
				 const struct blkzone_image_geometry *geo)
{
	uint32_t seq = geo->nr_zones - geo->nr_conv_zones;

	if (limit <= seq)
		return ZC_PARSE_OK;
	return USAGE_ERROR("%s '%s' is more than the sequential zones of the "
			   "image (%" PRIu32 " zone%s)", opt, arg, seq,
			   seq == 1 ? "" : "s");
}

/* Sets the zone count from --size; names what is wrong with the counts. */
static enum zc_parse check_counts(struct blkzone_image_geometry *geo,
				  uint64_t size, const struct mk_args *a)
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
	if (check_limit("--max-open", a->max_open, geo->max_open_zones, geo) ||
	    check_limit("--max-active", a->max_active, geo->max_active_zones,
			geo))
		return ZC_PARSE_ERROR;
	if (geo->max_open_zones && geo->max_active_zones &&
	    geo->max_active_zones < geo->max_open_zones)
		return USAGE_ERROR("--max-active '%s' must be at least "
				   "--max-open '%s' (zones)", a->max_active,
				   a->max_open);
	return ZC_PARSE_OK;
}

/* What the command line asks for: what mkimage adds to struct zc_ctl. */
struct mk {
	struct blkzone_image_geometry geo;
	struct mk_args args;
	uint64_t size;		/* --size, 0 if not given */
	bool quiet;
};

/* A size option: @val and its words in @slot. */
static enum zc_parse size_opt(const char *opt, const char *arg, uint64_t *val,
			      const char **slot)
{
	*slot = arg;
	if (zc_size_option("mkimage", opt, arg, val))
		return ZC_PARSE_ERROR;
	if (!*val)
		return USAGE_ERROR("%s '%s' must not be zero", opt, arg);
	return ZC_PARSE_OK;
}

static enum zc_parse u32_opt(const char *opt, const char *arg, uint32_t *val,
		   const char **slot)
{
	*slot = arg;
	return parse_u32_opt(opt, arg, val);
}

static enum zc_parse mk_option(struct zc_ctl *ctl, int c, const char *arg)
{
	struct mk *m = ctl->priv;
	struct blkzone_image_geometry *g = &m->geo;
	struct mk_args *a = &m->args;

	switch (c) {
	case 'z':
		return size_opt("--zone-size", arg, &g->zone_size, &a->zone_size);
	case 's':
		return size_opt("--size", arg, &m->size, &a->size);
	case 'c':
		return size_opt("--zone-capacity", arg, &g->zone_capacity,
				&a->zone_cap);
	case OPT_LAST_SIZE:
		return size_opt("--last-zone-size", arg, &g->last_zone_size,
				&a->last_size);
	case OPT_LAST_CAP:
		return size_opt("--last-zone-capacity", arg,
				&g->last_zone_capacity, &a->last_cap);
	case 'n':
		return u32_opt("number of zones", arg, &g->nr_zones,
			       &a->nr_zones);
	case OPT_CONV:
		return u32_opt("number of conventional zones", arg,
			       &g->nr_conv_zones, &a->conv);
	case 'b':
		return u32_opt("block size", arg, &g->logical_block_size,
			       &a->block_size);
	case OPT_MAX_OPEN:
		return u32_opt("max open zones", arg, &g->max_open_zones,
			       &a->max_open);
	case OPT_MAX_ACTIVE:
		return u32_opt("max active zones", arg, &g->max_active_zones,
			       &a->max_active);
	case 'm':
		return parse_model(arg, &g->model);
	}
	/* 'q' */
	m->quiet = true;
	return ZC_PARSE_OK;
}

static void mk_init(struct zc_ctl *ctl)
{
	struct mk *m = ctl->priv;

	m->geo.model = BLKZONE_MODEL_HOST_MANAGED;
	m->geo.logical_block_size = 512;
	m->geo.zone_size = 256ULL << 20;
}

/*
 * One line that says what was made, e.g. "disk.img: host-managed zone
 * image of 16 GiB, 256 zones of 64 MiB (4 conventional), at most 8 open
 * zones".
 */
static void say_made(const char *path, const struct mk *m)
{
	const struct blkzone_image_geometry *g = &m->geo;
	uint64_t last = g->last_zone_size ? g->last_zone_size : g->zone_size;
	char total[32], zone[32], cap[32];

	printf("%s: %s zone image of %s, %" PRIu32 " zone%s of %s", path,
	       blkzone_model_name(g->model),
	       zc_human_size(total, sizeof(total),
			     (uint64_t)(g->nr_zones - 1) * g->zone_size + last,
			     true),
	       g->nr_zones, g->nr_zones == 1 ? "" : "s",
	       zc_human_size(zone, sizeof(zone), g->zone_size, true));
	if (g->nr_conv_zones)
		printf(" (%" PRIu32 " conventional)", g->nr_conv_zones);
	if (g->zone_capacity && g->zone_capacity < g->zone_size)
		printf(", zone capacity %s",
		       zc_human_size(cap, sizeof(cap), g->zone_capacity, true));
	if (last < g->zone_size)
		printf(", last zone %s",
		       zc_human_size(zone, sizeof(zone), last, true));
	if (g->last_zone_capacity && g->last_zone_capacity < last)
		printf(", last zone capacity %s",
		       zc_human_size(cap, sizeof(cap), g->last_zone_capacity,
				     true));
	if (g->logical_block_size != 512)
		printf(", %" PRIu32 "-byte blocks", g->logical_block_size);
	if (g->max_open_zones)
		printf(", at most %" PRIu32 " open zone%s", g->max_open_zones,
		       g->max_open_zones == 1 ? "" : "s");
	if (g->max_active_zones)
		printf(", at most %" PRIu32 " active zone%s",
		       g->max_active_zones, g->max_active_zones == 1 ? "" : "s");
	putchar('\n');
}

/* The geometry is checked once the file is named, then the file made. */
static int mk_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	struct mk *m = ctl->priv;
	int ret;

	(void)dev;
	if (check_sizes(&m->geo, &m->args) ||
	    check_counts(&m->geo, m->size, &m->args))
		return ZC_EXIT_FAILURE;
	ret = blkzone_image_create(ctl->path, &m->geo);
	if (ret == -EEXIST) {
		zc_errx("%s: already exists", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	if (ret) {
		zc_errn(ret, "%s: cannot create the zone image", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	if (!m->quiet)
		say_made(ctl->path, m);
	return ZC_EXIT_OK;
}

static const struct option mk_longopts[] = {
	{ "zone-size",	   required_argument, NULL, 'z' },
	{ "nr-zones",	   required_argument, NULL, 'n' },
	{ "size",	   required_argument, NULL, 's' },
	{ "zone-capacity", required_argument, NULL, 'c' },
	{ "last-zone-size", required_argument, NULL, OPT_LAST_SIZE },
	{ "last-zone-capacity", required_argument, NULL, OPT_LAST_CAP },
	{ "conv",	   required_argument, NULL, OPT_CONV },
	{ "block-size",	   required_argument, NULL, 'b' },
	{ "max-open",	   required_argument, NULL, OPT_MAX_OPEN },
	{ "max-active",	   required_argument, NULL, OPT_MAX_ACTIVE },
	{ "model",	   required_argument, NULL, 'm' },
	{ "quiet",	   no_argument,	      NULL, 'q' },
	{ NULL, 0, NULL, 0 }
};

const struct zc_command zc_cmd_mkimage = {
	.name = "mkimage",
	.help = "create a zone image (an emulated zoned device)",
	.desc = "Create a zone image: a regular file that every zonectl command\n"
		"(and libblkzone) uses as an emulated zoned block device.\n",
	.options_help =
		" -z, --zone-size <size>      zone size (default 256MiB)\n"
		" -n, --nr-zones <number>     number of zones\n"
		" -s, --size <size>           capacity, instead of --nr-zones\n"
		" -c, --zone-capacity <size>  capacity of sequential zones\n"
		"                             (default: the zone size)\n"
		"     --last-zone-size <size> size of the last zone, smaller as\n"
		"                             on many disks (default: the zone size)\n"
		"     --last-zone-capacity <size>\n"
		"                             capacity of the last zone (default:\n"
		"                             the zone capacity, cut to its size)\n"
		"     --conv <number>         conventional zones at the start (default 0)\n"
		" -b, --block-size <bytes>    logical block size: 512 or 4096 (default 512)\n"
		"     --max-open <number>     open zone limit (default 0: none)\n"
		"     --max-active <number>   active zone limit (default 0: none)\n"
		" -m, --model <model>         host-managed (default) or host-aware\n"
		"                             (hm, ha; any case)\n"
		" -q, --quiet                 do not say what was made\n",
	.notes = ZC_SIZE_HELP
		"The file must not exist; it is sparse.\n",
	.flags = ZC_CMD_CREATES,
	.shortopts = "z:n:s:c:b:m:q",
	.longopts = mk_longopts,
	.priv_size = sizeof(struct mk),
	.init = mk_init,
	.option = mk_option,
	.run = mk_run,
};
