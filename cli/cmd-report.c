// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parse.h"
#include "options.h"
#include "rows.h"
#include "zonectl.h"

enum {
	COL_ZONE,
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

/* A name of the library and the value it names, asked again on a change. */
struct name_memo {
	unsigned int value;
	const char *name;	/* NULL: none yet */
};

/* What report adds to struct zc_ctl, as ctl->priv. */
struct report_ctl {
	uint64_t limit;		/* --limit: at most this many zones; 0: all */
	uint64_t zone_size;	/* for the ZONE column */
	const char *output;	/* --output */
	int cols[32];
	int ncols;
	struct name_memo names[COL_COUNT];	/* of the name columns */
};

enum col_kind {
	CK_INDEX,	/* a zone number */
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

enum {
	OPT_LIMIT = ZC_OPT_NEXT,
};

static const struct colinfo columns[COL_COUNT] = {
	[COL_ZONE]	= { "ZONE", CK_INDEX, 0,
			    "zone number, from 0, as --zone takes it" },
	[COL_START]	= { "START", CK_POSITION, 0, "zone start, in sectors (bytes with --bytes)" },
	[COL_LEN]	= { "LEN", CK_POSITION, 0, "zone length, in sectors" },
	[COL_CAP]	= { "CAP", CK_POSITION, 0, "zone capacity, in sectors" },
	[COL_WPTR]	= { "WPTR", CK_POSITION, 0,
			    "write pointer position, in sectors (none if conventional)" },
	[COL_WPOFF]	= { "WPOFF", CK_POSITION, 0,
			    "write pointer offset in the zone, in sectors (0 if "
			    "conventional)" },
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

static const char default_columns[] =
	"ZONE,START,LEN,CAP,WPTR,TYPE,COND,RESET,NONSEQ";

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

static enum zc_parse add_columns(struct report_ctl *rc, const char *list)
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
		if (rc->ncols == (int)(sizeof(rc->cols) / sizeof(rc->cols[0])))
			return zc_usage_error("report", "too many columns");
		rc->cols[rc->ncols++] = id;
		if (!p[len])
			return ZC_PARSE_OK;
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

static int setup_columns(const struct zc_ctl *ctl, struct zc_rows *rs,
			 const struct blkzone_info *info)
{
	struct report_ctl *rc = ctl->priv;
	uint64_t maxpos = info->capacity + info->zone_size;
	enum zc_rows_kind kind;
	int i, width;
	bool right;

	if (!ctl->bytes)
		maxpos >>= BLKZONE_SECTOR_SHIFT;

	for (i = 0; i < rc->ncols; i++) {
		const struct colinfo *ci = &columns[rc->cols[i]];

		width = ci->width;
		right = true;
		kind = ZC_ROWS_NUMBER;
		switch (ci->kind) {
		case CK_INDEX:
			width = digits(info->nr_zones);
			break;
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
		/* Long names give way first when the table is too wide. */
		rs->cols[i].trunc = ci->kind == CK_NAME && width > 8;
	}
	rs->noheadings = ctl->noheadings;
	if (ctl->format == ZC_FORMAT_TABLE && zc_terminal_width())
		zc_rows_fit(rs, (int)zc_terminal_width());
	rc->zone_size = info->zone_size;
	return 0;
}

static uint64_t unit(const struct zc_ctl *ctl, uint64_t bytes)
{
	return ctl->bytes ? bytes : bytes >> BLKZONE_SECTOR_SHIFT;
}

/*
 * An invalid write pointer prints as the kernel's (sector_t)-1, so that
 * WPOFF wraps around exactly as blkzone's "wptr" does.
 */
static uint64_t wp_unit(const struct zc_ctl *ctl, uint64_t wp)
{
	return wp == BLKZONE_WP_INVALID ? UINT64_MAX : unit(ctl, wp);
}

static struct zc_rows_value number(uint64_t v)
{
	return (struct zc_rows_value){ .num = v };
}

static struct zc_rows_value text(const char *s)
{
	return (struct zc_rows_value){ .text = s };
}

/* The name of @value, from the library once for each run of it. */
static const char *memo_name(struct name_memo *m, unsigned int value,
			     const char *(*name)(unsigned int, bool),
			     bool abbrev)
{
	if (!m->name || m->value != value) {
		m->value = value;
		m->name = name(value, abbrev);
	}
	return m->name;
}

/* The cell of column @col of zone @z. */
static struct zc_rows_value zone_cell(const struct zc_ctl *ctl, int col,
				      const struct blkzone_zone *z)
{
	struct report_ctl *rc = ctl->priv;

	switch (col) {
	case COL_ZONE:
		return number(z->start / rc->zone_size);
	case COL_START:
		return number(unit(ctl, z->start));
	case COL_LEN:
		return number(unit(ctl, z->len));
	case COL_CAP:
		return number(unit(ctl, z->capacity));
	case COL_WPTR:
		/*
		 * Conventional zones have no write pointer: an empty cell,
		 * "-" in raw output to keep the fields apart.
		 */
		if (z->type != BLKZONE_TYPE_CONVENTIONAL &&
		    z->wp != BLKZONE_WP_INVALID)
			return number(unit(ctl, z->wp));
		return text(ctl->format == ZC_FORMAT_RAW ? "-" : "");
	case COL_WPOFF:
		/* As blkzone prints it, so that the two compare. */
		return number(z->type == BLKZONE_TYPE_CONVENTIONAL ? 0 :
			      wp_unit(ctl, z->wp) - unit(ctl, z->start));
	case COL_TYPE:
		return text(memo_name(&rc->names[COL_TYPE], z->type,
				      blkzone_type_name, true));
	case COL_TYPE_NAME:
		return text(memo_name(&rc->names[COL_TYPE_NAME], z->type,
				      blkzone_type_name, false));
	case COL_TYPE_NUM:
		return number(z->type);
	case COL_COND:
		return text(memo_name(&rc->names[COL_COND], z->cond,
				      blkzone_cond_name, true));
	case COL_COND_NAME:
		return text(memo_name(&rc->names[COL_COND_NAME], z->cond,
				      blkzone_cond_name, false));
	case COL_COND_NUM:
		return number(z->cond);
	case COL_RESET:
		return text(z->flags & BLKZONE_ZONE_RESET ? "1" : "0");
	case COL_NONSEQ:
		return text(z->flags & BLKZONE_ZONE_NONSEQ ? "1" : "0");
	}
	return text("");
}

static int add_zone(const struct zc_ctl *ctl, struct zc_rows *rs,
		    const struct blkzone_zone *z)
{
	const struct report_ctl *rc = ctl->priv;
	struct zc_rows_value vals[ZC_ROWS_MAX_COLS];
	int i;

	for (i = 0; i < rc->ncols; i++)
		vals[i] = zone_cell(ctl, rc->cols[i], z);
	return zc_rows_add_values(rs, vals);
}

static int report_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	const struct report_ctl *rc = ctl->priv;
	struct blkzone_report_iter *it;
	struct blkzone_info info;
	struct blkzone_zone z;
	struct zc_rows rs;
	int ret = 0, out_err = 0, status = ZC_EXIT_FAILURE;

	if (zc_range_start(ctl, dev, &info, &it))
		return ZC_EXIT_FAILURE;

	zc_rows_init(&rs, ctl->format, "zones", stdout);
	rs.json_head = zc_cached_json(it);
	if (setup_columns(ctl, &rs, &info)) {
		zc_errx("cannot set up the output table");
		goto out;
	}

	while ((!rc->limit || rs.nrows < rc->limit) &&
	       (ret = blkzone_report_next(it, &z)) > 0) {
		out_err = add_zone(ctl, &rs, &z);
		if (out_err)
			break;
	}
	if (ret < 0) {
		zc_rows_finish(&rs);
		zc_report_error(ctl->path, ret);
		goto out;
	}
	if (!out_err)
		out_err = zc_rows_finish(&rs);
	status = zc_rows_status(ctl, out_err, "the report");
out:
	zc_rows_free(&rs);
	blkzone_report_end(it);
	return status;
}

static enum zc_parse report_option(struct zc_ctl *ctl, int c, const char *arg)
{
	struct report_ctl *rc = ctl->priv;

	switch (c) {
	case 'o':
		rc->output = arg;
		return ZC_PARSE_OK;
	case 'H':
		list_columns();
		return ZC_PARSE_DONE;
	}
	/* OPT_LIMIT */
	if (zc_parse_u64(arg, &rc->limit) || !rc->limit)
		return zc_usage_error("report", "invalid limit '%s' (a number "
				      "of zones)", arg);
	return ZC_PARSE_OK;
}

/* The columns: the default ones, those of --output, or both with '+'. */
static enum zc_parse report_check(struct zc_ctl *ctl)
{
	struct report_ctl *rc = ctl->priv;
	const char *output = rc->output;

	if (!output || output[0] == '+') {
		if (add_columns(rc, default_columns))
			return ZC_PARSE_ERROR;
		if (output)
			output++;
	}
	if (output)
		return add_columns(rc, output);
	return ZC_PARSE_OK;
}

static const struct option report_longopts[] = {
	{ "output",	  required_argument, NULL, 'o' },
	{ "list-columns", no_argument,	     NULL, 'H' },
	{ "limit",	  required_argument, NULL, OPT_LIMIT },
	{ NULL, 0, NULL, 0 }
};

const struct zc_command zc_cmd_report = {
	.name = "report",
	.help = "list the zones of a device",
	.desc = "List the zones of a zoned block device.\n",
	.options_help =
		ZC_RANGE_HELP
		ZC_CACHED_HELP
		ZC_FILTER_HELP
		" -o, --output <list>    columns to print (+<list> adds to the default)\n"
		" -H, --list-columns     list the available columns\n"
		"     --limit <number>   at most this many zones, after the filters\n"
		" -b, --bytes            print positions and lengths in bytes\n"
		" -J, --json             use JSON output format\n"
		" -r, --raw              use raw output format\n"
		" -n, --noheadings       do not print headings\n",
	.notes = ZC_SIZE_HELP
		"Positions and lengths are printed in 512-byte sectors unless\n"
		"--bytes is given.\n",
	.flags = ZC_CMD_RANGE | ZC_CMD_CACHED | ZC_CMD_FILTER | ZC_CMD_JSON |
		 ZC_CMD_TABLE,
	.shortopts = "o:H",
	.longopts = report_longopts,
	.priv_size = sizeof(struct report_ctl),
	.option = report_option,
	.check = report_check,
	.run = report_run,
};
