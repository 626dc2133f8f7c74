// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>

#include "parse.h"
#include "options.h"
#include "zonectl.h"

int zc_size_option(const char *cmd, const char *opt, const char *arg,
		   uint64_t *val)
{
	int ret = zc_parse_size(arg, val);

	if (ret == -ERANGE)
		return zc_usage_error(cmd, "%s '%s' is too large", opt, arg);
	if (ret == -EDOM)
		return zc_usage_error(cmd, "hexadecimal %s '%s' takes no unit",
				      opt, arg);
	if (ret)
		return zc_usage_error(cmd, "invalid %s '%s'", opt, arg);
	return 0;
}

static int parse_filter(const char *cmd, enum zc_value_kind kind,
			const char *arg, uint64_t *mask)
{
	const char *bad;
	int badlen;

	if (zc_parse_mask(kind, arg, mask, &bad, &badlen))
		return zc_usage_error(cmd, "unknown zone %s '%.*s'",
				      kind == ZC_COND ? "condition" : "type",
				      badlen, bad);
	return 0;
}

/* --count and --length: one or the other, for every command. */
static int range_end_option(const char *cmd, int c, const char *arg,
			    struct zc_range *r)
{
	uint64_t count;

	if (c == 'l' ? r->count_arg != NULL : r->length_arg != NULL)
		return zc_usage_error(cmd, "--count and --length are mutually "
				      "exclusive"), -1;
	if (c == 'c') {
		if (zc_parse_u64(arg, &count) || !count)
			return zc_usage_error(cmd, "invalid count '%s'", arg), -1;
		r->opts.max_zones = count;
		r->count_arg = arg;
		return 1;
	}
	if (zc_size_option(cmd, "length", arg, &r->opts.length))
		return -1;
	if (!r->opts.length)
		return zc_usage_error(cmd, "length must not be zero"), -1;
	if (r->opts.length % BLKZONE_SECTOR_SIZE)
		return zc_usage_error(cmd, "length '%s' is not a multiple of "
				      "512 bytes", arg), -1;
	r->length_arg = arg;
	return 1;
}

int zc_range_option(const char *cmd, int c, const char *arg,
		    struct zc_range *r)
{
	struct blkzone_report_opts *opts = &r->opts;

	switch (c) {
	case 'O':
		if (zc_size_option(cmd, "offset", arg, &opts->offset))
			return -1;
		if (opts->offset % BLKZONE_SECTOR_SIZE) {
			zc_usage_error(cmd, "offset '%s' is not a multiple of "
				       "512 bytes", arg);
			return -1;
		}
		r->offset_arg = arg;
		return 1;
	case 'z':
		if (zc_parse_u64(arg, &r->zone_index)) {
			zc_usage_error(cmd, "invalid zone index '%s'", arg);
			return -1;
		}
		r->zone_arg = arg;
		return 1;
	case 'l':
	case 'c':
		return range_end_option(cmd, c, arg, r);
	case 'C':
		opts->flags |= BLKZONE_REPORT_CACHED;
		return 1;
	case ZC_OPT_COND:
		return parse_filter(cmd, ZC_COND, arg, &opts->cond_mask) ? -1 : 1;
	case ZC_OPT_TYPE:
		return parse_filter(cmd, ZC_TYPE, arg, &opts->type_mask) ? -1 : 1;
	}
	return 0;
}

int zc_common_option(const char *cmd, int c, char **argv, void (*usage)(void))
{
	switch (c) {
	case 'h':
		usage();
		return 1;
	case 'V':
		zc_print_version();
		return 1;
	}
	zc_option_error(cmd, c, argv);
	return -1;
}

int zc_output_option(int c, struct zc_output_opts *o)
{
	switch (c) {
	case 'b':
		o->bytes = true;
		return 1;
	case 'J':
		o->json = true;
		return 1;
	case 'r':
		o->raw = true;
		return 1;
	case 'n':
		o->noheadings = true;
		return 1;
	}
	return 0;
}

int zc_report_option(const char *cmd, int c, const char *arg,
		     struct zc_range *range, struct zc_output_opts *out)
{
	int ret = zc_range_option(cmd, c, arg, range);

	return ret ? ret : zc_output_option(c, out);
}

int zc_output_format(const char *cmd, bool json, bool raw,
		     enum zc_format *format)
{
	if (json && raw) {
		zc_usage_error(cmd, "options --json and --raw are mutually "
			       "exclusive");
		return -1;
	}
	*format = json ? ZC_FORMAT_JSON : raw ? ZC_FORMAT_RAW : ZC_FORMAT_TABLE;
	return 0;
}

int zc_device_arg(const char *cmd, int argc, char **argv, const char **path)
{
	if (optind >= argc) {
		zc_usage_error(cmd, "no device specified");
		return -1;
	}
	if (argc - optind > 1) {
		zc_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
		return -1;
	}
	*path = argv[optind];
	return 0;
}

int zc_report_error(const char *path, int err)
{
	if (err == -EOPNOTSUPP)
		zc_errx("%s: the device has no usable zones "
			"(a partition not aligned to zones)", path);
	else
		zc_errn(err, "%s: zone report failed", path);
	return ZC_EXIT_FAILURE;
}

int zc_range_resolve(const char *path, const struct blkzone_info *info,
		     struct zc_range *r)
{
	if (!r->zone_arg)
		return 0;
	if (r->offset_arg) {
		zc_errx("%s: --zone and --offset are mutually exclusive", path);
		return ZC_EXIT_FAILURE;
	}
	if (r->zone_index >= info->nr_zones) {
		zc_errx("%s: --zone '%s' is beyond the last zone (zone %" PRIu32
			" of %" PRIu32 " zones, counted from 0)", path,
			r->zone_arg, info->nr_zones - 1, info->nr_zones);
		return ZC_EXIT_FAILURE;
	}
	r->opts.offset = r->zone_index * info->zone_size;
	return 0;
}

int zc_offset_beyond(const char *path, const struct zc_range *range,
		     const struct blkzone_info *info)
{
	char buf[64];

	if (range->opts.offset < info->capacity)
		return 0;
	zc_errx("%s: --offset '%s' is at or beyond the end of the device (%s)",
		path, range->offset_arg ? range->offset_arg : "0",
		zc_sectors_text(buf, sizeof(buf), info->capacity));
	return ZC_EXIT_FAILURE;
}

int zc_range_start(const char *path, struct blkzone_dev *dev,
		   struct zc_range *range,
		   struct blkzone_info *info, struct blkzone_report_iter **itp)
{
	struct blkzone_report_opts *opts = &range->opts;
	int ret;

	ret = blkzone_get_info(dev, info);
	if (ret) {
		zc_errn(ret, "%s: cannot read device information", path);
		return ZC_EXIT_FAILURE;
	}
	if (!info->zone_size) {
		zc_errx("%s: not a zoned block device", path);
		return ZC_EXIT_FAILURE;
	}
	if (zc_range_resolve(path, info, range))
		return ZC_EXIT_FAILURE;
	if (zc_offset_beyond(path, range, info))
		return ZC_EXIT_FAILURE;

	ret = blkzone_report_start(dev, opts, itp);
	if (ret)
		return zc_report_error(path, ret);
	if ((opts->flags & BLKZONE_REPORT_CACHED) &&
	    !blkzone_report_was_cached(*itp))
		zc_errx("%s: no cached report in this kernel, using a device report",
			path);
	return 0;
}

const char *zc_cached_json(const struct blkzone_report_iter *it)
{
	return blkzone_report_was_cached(it) ? "\"cached\": true" :
					       "\"cached\": false";
}

int zc_with_device(const char *path,
		   int (*run)(void *ctl, struct blkzone_dev *dev), void *ctl)
{
	struct blkzone_dev *dev;
	int ret;

	if (zc_open(path, O_RDONLY, &dev))
		return ZC_EXIT_FAILURE;
	ret = run(ctl, dev);
	blkzone_close(dev);
	return ret;
}

bool zc_zone_has_wp(const struct blkzone_zone *z)
{
	return z->type != BLKZONE_TYPE_CONVENTIONAL &&
	       z->cond != BLKZONE_COND_NOT_WP;
}

uint64_t zc_zone_written(const struct blkzone_zone *z)
{
	uint64_t w;

	if (z->cond == BLKZONE_COND_FULL)
		return z->capacity;
	if (z->wp == BLKZONE_WP_INVALID || z->wp <= z->start)
		return 0;
	w = z->wp - z->start;
	return w < z->capacity ? w : z->capacity;
}
