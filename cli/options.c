// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <inttypes.h>

#include "parse.h"
#include "options.h"
#include "zonectl.h"

enum zc_parse zc_size_option(const char *cmd, const char *opt,
			     const char *arg, uint64_t *val)
{
	int ret = zc_parse_size(arg, val);

	if (ret == -ERANGE)
		return zc_usage_error(cmd, "%s '%s' is too large", opt, arg);
	if (ret == -EDOM)
		return zc_usage_error(cmd, "hexadecimal %s '%s' takes no unit",
				      opt, arg);
	if (ret)
		return zc_usage_error(cmd, "invalid %s '%s'", opt, arg);
	return ZC_PARSE_OK;
}

static enum zc_parse parse_filter(const char *cmd, enum zc_value_kind kind,
				  const char *arg, uint64_t *mask)
{
	const char *bad;
	int badlen;

	if (zc_parse_mask(kind, arg, mask, &bad, &badlen))
		return zc_usage_error(cmd, "unknown zone %s '%.*s'",
				      kind == ZC_COND ? "condition" : "type",
				      badlen, bad);
	return ZC_PARSE_OK;
}

/* --count and --length: one or the other, for every command. */
static enum zc_parse range_end_option(const char *cmd, int c, const char *arg,
				      struct zc_range *r)
{
	uint64_t count;

	if (c == 'l' ? r->count_arg != NULL : r->length_arg != NULL)
		return zc_usage_error(cmd, "--count and --length are mutually "
				      "exclusive");
	if (c == 'c') {
		if (zc_parse_u64(arg, &count) || !count)
			return zc_usage_error(cmd, "invalid count '%s'", arg);
		r->opts.max_zones = count;
		r->count_arg = arg;
		return ZC_PARSE_OK;
	}
	if (zc_size_option(cmd, "length", arg, &r->opts.length))
		return ZC_PARSE_ERROR;
	if (!r->opts.length)
		return zc_usage_error(cmd, "length must not be zero");
	if (r->opts.length % BLKZONE_SECTOR_SIZE)
		return zc_usage_error(cmd, "length '%s' is not a multiple of "
				      "512 bytes", arg);
	r->length_arg = arg;
	return ZC_PARSE_OK;
}

enum zc_parse zc_range_option(struct zc_ctl *ctl, int c, const char *arg)
{
	struct zc_range *r = &ctl->range;
	struct blkzone_report_opts *opts = &r->opts;
	const char *cmd = ctl->cmd->name;

	switch (c) {
	case 'O':
		if (zc_size_option(cmd, "offset", arg, &opts->offset))
			return ZC_PARSE_ERROR;
		if (opts->offset % BLKZONE_SECTOR_SIZE)
			return zc_usage_error(cmd, "offset '%s' is not a multiple "
					      "of 512 bytes", arg);
		r->offset_arg = arg;
		return ZC_PARSE_OK;
	case 'z':
		if (zc_parse_u64(arg, &r->zone_index))
			return zc_usage_error(cmd, "invalid zone index '%s'", arg);
		r->zone_arg = arg;
		return ZC_PARSE_OK;
	case 'l':
	case 'c':
		return range_end_option(cmd, c, arg, r);
	case 'C':
		opts->flags |= BLKZONE_REPORT_CACHED;
		return ZC_PARSE_OK;
	case ZC_OPT_COND:
		return parse_filter(cmd, ZC_COND, arg, &opts->cond_mask);
	}
	/* ZC_OPT_TYPE: the driver hands over nothing else. */
	return parse_filter(cmd, ZC_TYPE, arg, &opts->type_mask);
}

void zc_output_failed(struct zc_ctl *ctl, int err)
{
	if (!ctl->output_err)
		ctl->output_err = err;
}

int zc_rows_status(struct zc_ctl *ctl, int err, const char *what)
{
	if (!err)
		return ZC_EXIT_OK;
	if (err == -ENOMEM)
		zc_errn(err, "cannot print %s", what);
	else
		zc_output_failed(ctl, err);
	return ZC_EXIT_FAILURE;
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

int zc_range_resolve(struct zc_ctl *ctl, const struct blkzone_info *info)
{
	struct zc_range *r = &ctl->range;

	if (!r->zone_arg)
		return 0;
	if (r->offset_arg) {
		zc_errx("%s: --zone and --offset are mutually exclusive",
			ctl->path);
		return ZC_EXIT_FAILURE;
	}
	if (r->zone_index >= info->nr_zones) {
		zc_errx("%s: --zone '%s' is beyond the last zone (zone %" PRIu32
			" of %" PRIu32 " zones, counted from 0)", ctl->path,
			r->zone_arg, info->nr_zones - 1, info->nr_zones);
		return ZC_EXIT_FAILURE;
	}
	r->opts.offset = r->zone_index * info->zone_size;
	return 0;
}

int zc_offset_beyond(const struct zc_ctl *ctl, const struct blkzone_info *info)
{
	const struct zc_range *r = &ctl->range;
	char buf[64];

	if (r->opts.offset < info->capacity)
		return 0;
	zc_errx("%s: --offset '%s' is at or beyond the end of the device (%s)",
		ctl->path, r->offset_arg ? r->offset_arg : "0",
		zc_sectors_text(buf, sizeof(buf), info->capacity));
	return ZC_EXIT_FAILURE;
}

int zc_zoned_info(const struct zc_ctl *ctl, struct blkzone_dev *dev,
		  struct blkzone_info *info)
{
	int ret = blkzone_get_info(dev, info);

	if (ret) {
		zc_errn(ret, "%s: cannot read device information", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	if (!info->zone_size) {
		zc_errx("%s: not a zoned block device", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	return 0;
}

int zc_range_start(struct zc_ctl *ctl, struct blkzone_dev *dev,
		   struct blkzone_info *info, struct blkzone_report_iter **itp)
{
	struct blkzone_report_opts *opts = &ctl->range.opts;
	int ret;

	if (zc_zoned_info(ctl, dev, info) || zc_range_resolve(ctl, info) ||
	    zc_offset_beyond(ctl, info))
		return ZC_EXIT_FAILURE;

	ret = blkzone_report_start(dev, opts, itp);
	if (ret)
		return zc_report_error(ctl->path, ret);
	if ((opts->flags & BLKZONE_REPORT_CACHED) &&
	    !blkzone_report_was_cached(*itp))
		zc_errx("%s: no cached report in this kernel, using a device report",
			ctl->path);
	return 0;
}

const char *zc_cached_json(const struct blkzone_report_iter *it)
{
	return blkzone_report_was_cached(it) ? "\"cached\": true" :
					       "\"cached\": false";
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
