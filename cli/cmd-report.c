// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libsmartcols.h>

#include "parse.h"
#include "report.h"
#include "rows.h"
#include "stream.h"
#include "zonectl.h"

enum {
	COL_START,
	COL_LEN,
	COL_CAP,
	COL_WPTR,
	COL_WPOFF,
	COL_TYPE,
	COL_TYPE_NAME,
	COL_TYPE_NUM,
	COL_COND,
	COL_COND_NAME,
	COL_COND_NUM,
	COL_RESET,
	COL_NONSEQ,
	COL_COUNT,
};

enum col_kind {
	CK_POSITION,	/* sectors or bytes */
	CK_NAME,
	CK_NUMBER,
	CK_FLAG,
};

struct colinfo {
	const char *name;
	enum col_kind kind;
	int width;	/* widest value, "unknown" included; positions: later */
	const char *help;
};

static const struct colinfo columns[COL_COUNT] = {
	[COL_START]	= { "START", CK_POSITION, 0, "zone start" },
	[COL_LEN]	= { "LEN", CK_POSITION, 0, "zone length" },
	[COL_CAP]	= { "CAP", CK_POSITION, 0, "zone capacity" },
	[COL_WPTR]	= { "WPTR", CK_POSITION, 0, "write pointer position" },
	[COL_WPOFF]	= { "WPOFF", CK_POSITION, 0,
			    "write pointer offset in the zone (0 if conventional)" },
	[COL_TYPE]	= { "TYPE", CK_NAME, 7, "zone type, short name" },
	[COL_TYPE_NAME]	= { "TYPE-NAME", CK_NAME, 19, "zone type, long name" },
	[COL_TYPE_NUM]	= { "TYPE-NUM", CK_NUMBER, 3, "zone type, number" },
	[COL_COND]	= { "COND", CK_NAME, 7, "zone condition, short name" },
	[COL_COND_NAME]	= { "COND-NAME", CK_NAME, 8, "zone condition, long name" },
	[COL_COND_NUM]	= { "COND-NUM", CK_NUMBER, 3, "zone condition, number" },
	[COL_RESET]	= { "RESET", CK_FLAG, 1, "reset recommended (1) or not (0)" },
	[COL_NONSEQ]	= { "NONSEQ", CK_FLAG, 1,
			    "non-sequential write resources active (1) or not (0)" },
};

static const char default_columns[] = "START,LEN,CAP,WPTR,TYPE,COND,RESET,NONSEQ";

static void usage(void)
{
	printf("Usage:\n"
	       " %s report [options] <device>\n"
	       "\n"
	       "List the zones of a zoned block device.\n"
	       "\n"
	       "Options:\n"
	       " -O, --offset <size>    start of the range (default 0)\n"
	       " -l, --length <size>    length of the range (default: to the end)\n"
	       " -c, --count <number>   at most this many zones in the range\n"
	       " -C, --cached           use the kernel's cached report if it has one\n"
	       "     --cond <list>      only zones in these conditions\n"
	       "     --type <list>      only zones of these types\n"
	       " -o, --output <list>    columns to print (+<list> adds to the default)\n"
	       " -H, --list-columns     list the available columns\n"
	       " -b, --bytes            print positions and lengths in bytes\n"
	       " -J, --json             use JSON output format\n"
	       " -r, --raw              use raw output format\n"
	       " -n, --noheadings       do not print headings\n"
	       " -h, --help             display this help\n"
	       " -V, --version          display version\n"
	       "\n"
	       "<size> is in 512-byte sectors, or in bytes when followed by a\n"
	       "suffix: K, M, G, T, P, E (or KiB, MiB...) for powers of 1024,\n"
	       "KB, MB... for powers of 1000, B for bytes.\n"
	       "Positions and lengths are printed in 512-byte sectors unless\n"
	       "--bytes is given.\n"
	       "\n"
	       "For more details see zonectl(8).\n", zc_progname);
}

static void list_columns(void)
{
	int i;

	for (i = 0; i < COL_COUNT; i++)
		printf("%10s  %s\n", columns[i].name, columns[i].help);
}

static int column_id(const char *name, size_t len)
{
	int i;

	for (i = 0; i < COL_COUNT; i++)
		if (strlen(columns[i].name) == len &&
		    !strncasecmp(columns[i].name, name, len))
			return i;
	return -1;
}

static int add_columns(struct report_ctl *ctl, const char *list)
{
	const char *p = list;
	size_t len;
	int id;

	for (;;) {
		len = strcspn(p, ",");
		id = column_id(p, len);
		if (id < 0)
			return zc_usage_error("report", "unknown column '%.*s'",
					      (int)len, p);
		if (ctl->ncols == (int)(sizeof(ctl->cols) / sizeof(ctl->cols[0])))
			return zc_usage_error("report", "too many columns");
		ctl->cols[ctl->ncols++] = id;
		if (!p[len])
			return 0;
		p += len + 1;
	}
}

static int digits(uint64_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

static int setup_columns(struct report_ctl *ctl, struct zc_rows *rs,
			 const struct blkzone_info *info)
{
	uint64_t maxpos = info->capacity + info->zone_size;
	enum zc_rows_kind kind;
	int i, width;
	bool right;

	if (!ctl->bytes)
		maxpos >>= BLKZONE_SECTOR_SHIFT;

	for (i = 0; i < ctl->ncols; i++) {
		const struct colinfo *ci = &columns[ctl->cols[i]];

		width = ci->width;
		right = true;
		kind = ZC_ROWS_NUMBER;
		switch (ci->kind) {
		case CK_POSITION:
			width = digits(maxpos);
			break;
		case CK_NUMBER:
			break;
		case CK_FLAG:
			kind = ZC_ROWS_BOOLEAN;
			break;
		case CK_NAME:
			right = false;
			kind = ZC_ROWS_STRING;
			break;
		}
		if (zc_rows_add_column(rs, ci->name, width, right, kind))
			return -E2BIG;
	}
	rs->noheadings = ctl->noheadings;
	return 0;
}

static uint64_t unit(const struct report_ctl *ctl, uint64_t bytes)
{
	return ctl->bytes ? bytes : bytes >> BLKZONE_SECTOR_SHIFT;
}

/*
 * An invalid write pointer prints as the kernel's (sector_t)-1, so that
 * WPOFF wraps around exactly as blkzone's "wptr" does.
 */
static uint64_t wp_unit(const struct report_ctl *ctl, uint64_t wp)
{
	return wp == BLKZONE_WP_INVALID ? UINT64_MAX : unit(ctl, wp);
}

/* Decimal digits of @v in @buf, which holds 21 bytes. */
static const char *fmt_u64(char *buf, uint64_t v)
{
	char *p = buf + 20;

	*p = '\0';
	do {
		*--p = '0' + v % 10;
		v /= 10;
	} while (v);
	return p;
}

static int add_zone(struct report_ctl *ctl, struct zc_rows *rs,
		    const struct blkzone_zone *z)
{
	const char *cells[ZC_ROWS_MAX_COLS];
	char buf[ZC_ROWS_MAX_COLS][21];
	int i;

	for (i = 0; i < ctl->ncols; i++) {
		char *b = buf[i];

		switch (ctl->cols[i]) {
		case COL_START:
			cells[i] = fmt_u64(b, unit(ctl, z->start));
			break;
		case COL_LEN:
			cells[i] = fmt_u64(b, unit(ctl, z->len));
			break;
		case COL_CAP:
			cells[i] = fmt_u64(b, unit(ctl, z->capacity));
			break;
		case COL_WPTR:
			cells[i] = fmt_u64(b, wp_unit(ctl, z->wp));
			break;
		case COL_WPOFF:
			/* As blkzone prints it, so that the two compare. */
			cells[i] = fmt_u64(b, z->type == BLKZONE_TYPE_CONVENTIONAL ?
					   0 : wp_unit(ctl, z->wp) -
					   unit(ctl, z->start));
			break;
		case COL_TYPE:
			cells[i] = blkzone_type_name(z->type, true);
			break;
		case COL_TYPE_NAME:
			cells[i] = blkzone_type_name(z->type, false);
			break;
		case COL_TYPE_NUM:
			cells[i] = fmt_u64(b, z->type);
			break;
		case COL_COND:
			cells[i] = blkzone_cond_name(z->cond, true);
			break;
		case COL_COND_NAME:
			cells[i] = blkzone_cond_name(z->cond, false);
			break;
		case COL_COND_NUM:
			cells[i] = fmt_u64(b, z->cond);
			break;
		case COL_RESET:
			cells[i] = z->flags & BLKZONE_ZONE_RESET ? "1" : "0";
			break;
		case COL_NONSEQ:
			cells[i] = z->flags & BLKZONE_ZONE_NONSEQ ? "1" : "0";
			break;
		}
	}
	return zc_rows_add(rs, cells);
}

static int report_error(const char *path, int err)
{
	if (err == -EOPNOTSUPP)
		zc_errx("%s: the device has no usable zones "
			"(a partition not aligned to zones)", path);
	else
		zc_errn(err, "%s: zone report failed", path);
	return ZC_EXIT_FAILURE;
}

int zc_report_run(struct report_ctl *ctl, struct blkzone_dev *dev)
{
	struct blkzone_report_iter *it;
	struct blkzone_info info;
	struct blkzone_zone z;
	struct zc_rows rs;
	int ret, out_err = 0, status = ZC_EXIT_FAILURE;

	ret = blkzone_get_info(dev, &info);
	if (ret) {
		zc_errn(ret, "%s: cannot read device information", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	if (!info.zone_size) {
		zc_errx("%s: not a zoned block device", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	if (ctl->opts.offset >= info.capacity) {
		zc_errx("%s: offset %" PRIu64 " is beyond the end of the device",
			ctl->path, unit(ctl, ctl->opts.offset));
		return ZC_EXIT_FAILURE;
	}

	ret = blkzone_report_start(dev, &ctl->opts, &it);
	if (ret)
		return report_error(ctl->path, ret);
	if ((ctl->opts.flags & BLKZONE_REPORT_CACHED) &&
	    !blkzone_report_was_cached(it))
		zc_errx("%s: no cached report in this kernel, using a device report",
			ctl->path);

	zc_rows_init(&rs, ctl->format, "zones", stdout);
	rs.json_head = blkzone_report_was_cached(it) ?
		       "\"cached\": true" : "\"cached\": false";
	if (setup_columns(ctl, &rs, &info)) {
		zc_errx("cannot set up the output table");
		goto out;
	}

	while ((ret = blkzone_report_next(it, &z)) > 0) {
		out_err = add_zone(ctl, &rs, &z);
		if (out_err)
			break;
	}
	if (ret < 0) {
		zc_rows_finish(&rs);
		report_error(ctl->path, ret);
		goto out;
	}
	if (!out_err)
		out_err = zc_rows_finish(&rs);
	if (out_err) {
		zc_errn(out_err, "cannot print the report");
		goto out;
	}
	status = ZC_EXIT_OK;
out:
	zc_rows_free(&rs);
	blkzone_report_end(it);
	return status;
}

enum {
	OPT_COND = 0x100,
	OPT_TYPE,
};

static int parse_range_arg(const char *opt, const char *arg, uint64_t *val)
{
	int ret = zc_parse_size(arg, val);

	if (ret == -ERANGE)
		return zc_usage_error("report", "%s '%s' is too large", opt, arg);
	if (ret)
		return zc_usage_error("report", "invalid %s '%s'", opt, arg);
	return 0;
}

static int parse_filter(enum zc_value_kind kind, const char *arg,
			uint64_t *mask)
{
	const char *bad;
	int badlen;

	if (zc_parse_mask(kind, arg, mask, &bad, &badlen))
		return zc_usage_error("report", "unknown zone %s '%.*s'",
				      kind == ZC_COND ? "condition" : "type",
				      badlen, bad);
	return 0;
}

#define USAGE_ERROR(...) (zc_usage_error("report", __VA_ARGS__), -1)

int zc_report_parse(int argc, char **argv, struct report_ctl *ctl)
{
	static const struct option longopts[] = {
		{ "offset",	  required_argument, NULL, 'O' },
		{ "length",	  required_argument, NULL, 'l' },
		{ "count",	  required_argument, NULL, 'c' },
		{ "cached",	  no_argument,	     NULL, 'C' },
		{ "cond",	  required_argument, NULL, OPT_COND },
		{ "type",	  required_argument, NULL, OPT_TYPE },
		{ "output",	  required_argument, NULL, 'o' },
		{ "list-columns", no_argument,	     NULL, 'H' },
		{ "bytes",	  no_argument,	     NULL, 'b' },
		{ "json",	  no_argument,	     NULL, 'J' },
		{ "raw",	  no_argument,	     NULL, 'r' },
		{ "noheadings",	  no_argument,	     NULL, 'n' },
		{ "help",	  no_argument,	     NULL, 'h' },
		{ "version",	  no_argument,	     NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const char *output = NULL;
	bool json = false, raw = false;
	uint64_t count;
	int c, ret;

	memset(ctl, 0, sizeof(*ctl));
	ctl->format = ZC_FORMAT_TABLE;
	/* 0 restarts getopt from scratch, for callers that parse twice. */
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":O:l:c:Co:HbJrnhV", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'O':
			if (parse_range_arg("offset", optarg, &ctl->opts.offset))
				return -1;
			if (ctl->opts.offset % BLKZONE_SECTOR_SIZE)
				return USAGE_ERROR("offset '%s' is not a multiple "
						   "of 512 bytes", optarg);
			break;
		case 'l':
			if (parse_range_arg("length", optarg, &ctl->opts.length))
				return -1;
			if (!ctl->opts.length)
				return USAGE_ERROR("length must not be zero");
			break;
		case 'c':
			ret = zc_parse_u64(optarg, &count);
			if (ret || !count)
				return USAGE_ERROR("invalid count '%s'", optarg);
			ctl->opts.max_zones = count;
			break;
		case 'C':
			ctl->opts.flags |= BLKZONE_REPORT_CACHED;
			break;
		case OPT_COND:
			if (parse_filter(ZC_COND, optarg, &ctl->opts.cond_mask))
				return -1;
			break;
		case OPT_TYPE:
			if (parse_filter(ZC_TYPE, optarg, &ctl->opts.type_mask))
				return -1;
			break;
		case 'o':
			output = optarg;
			break;
		case 'H':
			list_columns();
			return 1;
		case 'b':
			ctl->bytes = true;
			break;
		case 'J':
			json = true;
			break;
		case 'r':
			raw = true;
			break;
		case 'n':
			ctl->noheadings = true;
			break;
		case 'h':
			usage();
			return 1;
		case 'V':
			zc_print_version();
			return 1;
		default:
			zc_option_error("report", c, argv);
			return -1;
		}
	}
	if (json && raw)
		return USAGE_ERROR("options --json and --raw are mutually "
				   "exclusive");
	if (json)
		ctl->format = ZC_FORMAT_JSON;
	else if (raw)
		ctl->format = ZC_FORMAT_RAW;

	if (!output || output[0] == '+') {
		if (add_columns(ctl, default_columns))
			return -1;
		if (output)
			output++;
	}
	if (output && add_columns(ctl, output))
		return -1;

	if (optind == argc)
		return USAGE_ERROR("no device specified");
	if (argc - optind > 1)
		return USAGE_ERROR("unexpected argument '%s'", argv[optind + 1]);
	ctl->path = argv[optind];
	return 0;
}

int zc_cmd_report(int argc, char **argv)
{
	struct report_ctl ctl;
	struct blkzone_dev *dev;
	int ret;

	ret = zc_report_parse(argc, argv, &ctl);
	if (ret)
		return ret > 0 ? ZC_EXIT_OK : ZC_EXIT_FAILURE;
	if (zc_open(ctl.path, O_RDONLY, &dev))
		return ZC_EXIT_FAILURE;
	ret = zc_report_run(&ctl, dev);
	blkzone_close(dev);
	return ret;
}
