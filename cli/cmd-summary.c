// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "rows.h"
#include "zonectl.h"

struct tally {
	uint64_t zones;
	uint64_t size;		/* lengths */
	uint64_t cap;		/* capacities; lengths of conventional zones */
	uint64_t seq_zones;	/* zones with a write pointer */
	uint64_t seq_cap;
	uint64_t written;
};

/*
 * One tally per known value and one for all the values the library has
 * no name for, which the report also names "unknown": a fixed set, so that
 * memory does not depend on what the device answers.
 */
static const unsigned int type_values[] = {
	BLKZONE_TYPE_CONVENTIONAL,
	BLKZONE_TYPE_SEQWRITE_REQ,
	BLKZONE_TYPE_SEQWRITE_PREF,
};

static const unsigned int cond_values[] = {
	BLKZONE_COND_NOT_WP,
	BLKZONE_COND_EMPTY,
	BLKZONE_COND_IMP_OPEN,
	BLKZONE_COND_EXP_OPEN,
	BLKZONE_COND_CLOSED,
	BLKZONE_COND_ACTIVE,
	BLKZONE_COND_FULL,
	BLKZONE_COND_READONLY,
	BLKZONE_COND_OFFLINE,
};

#define NTYPES	(sizeof(type_values) / sizeof(type_values[0]))
#define NCONDS	(sizeof(cond_values) / sizeof(cond_values[0]))

struct summary {
	struct tally types[NTYPES + 1];	/* last: unknown */
	struct tally conds[NCONDS + 1];
	struct tally total;
};

static const struct {
	const char *name;
	bool right;
	enum zc_rows_kind kind;
} columns[] = {
	{ "GROUP",	false,	ZC_ROWS_STRING },
	{ "NAME",	false,	ZC_ROWS_STRING },
	{ "ZONES",	true,	ZC_ROWS_NUMBER },
	{ "SIZE",	true,	ZC_ROWS_NUMBER },
	{ "CAP",	true,	ZC_ROWS_NUMBER },
	{ "WRITTEN",	true,	ZC_ROWS_NUMBER },
	{ "USE%",	true,	ZC_ROWS_NUMBER },
};

#define NCOLS	(sizeof(columns) / sizeof(columns[0]))

static void tally_add(struct tally *t, const struct blkzone_zone *z)
{
	t->zones++;
	t->size += z->len;
	if (zc_zone_has_wp(z)) {
		t->cap += z->capacity;
		t->seq_zones++;
		t->seq_cap += z->capacity;
		t->written += zc_zone_written(z);
	} else {
		t->cap += z->len;
	}
}

static unsigned int slot(const unsigned int *values, unsigned int n,
			 unsigned int v)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (values[i] == v)
			return i;
	return n;
}

/*
 * A size cell: as lsblk prints sizes ("1.5M") in a table, exact bytes with
 * --bytes; JSON has numbers, of sectors or of bytes with --bytes.
 */
static const char *size_cell(const struct zc_ctl *ctl, char *buf,
			     size_t size, uint64_t bytes)
{
	if (ctl->format != ZC_FORMAT_JSON && !ctl->bytes)
		return zc_human_size(buf, size, bytes, false);
	snprintf(buf, size, "%" PRIu64,
		 ctl->bytes ? bytes : bytes >> BLKZONE_SECTOR_SHIFT);
	return buf;
}

static int add_row(const struct zc_ctl *ctl, struct zc_rows *rs,
		   const char *group, const char *name, const struct tally *t)
{
	char buf[NCOLS][32];
	const char *data[NCOLS];

	data[0] = group;
	data[1] = name;
	snprintf(buf[2], sizeof(buf[2]), "%" PRIu64, t->zones);
	data[2] = buf[2];
	data[3] = size_cell(ctl, buf[3], sizeof(buf[3]), t->size);
	data[4] = size_cell(ctl, buf[4], sizeof(buf[4]), t->cap);
	/* Conventional zones have nothing to fill: no value, null in JSON. */
	data[5] = data[6] = ctl->format == ZC_FORMAT_JSON ? "" : "-";
	if (t->seq_zones) {
		data[5] = size_cell(ctl, buf[5], sizeof(buf[5]), t->written);
		if (t->seq_cap) {
			snprintf(buf[6], sizeof(buf[6]), "%.1f",
				 100.0 * (double)t->written / (double)t->seq_cap);
			data[6] = buf[6];
		}
	}
	return zc_rows_add(rs, data);
}

static int print_summary(const struct zc_ctl *ctl, struct zc_rows *rs,
			 const struct summary *s)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i <= NTYPES && !ret; i++)
		if (s->types[i].zones)
			ret = add_row(ctl, rs, "type", i < NTYPES ?
				      blkzone_type_name(type_values[i], true) :
				      "unknown", &s->types[i]);
	for (i = 0; i <= NCONDS && !ret; i++)
		if (s->conds[i].zones)
			ret = add_row(ctl, rs, "cond", i < NCONDS ?
				      blkzone_cond_name(cond_values[i], true) :
				      "unknown", &s->conds[i]);
	if (!ret)
		ret = add_row(ctl, rs, "total", "all", &s->total);
	return ret;
}

/* A few rows at most: columns as wide as their widest value. */
static void setup_columns(const struct zc_ctl *ctl, struct zc_rows *rs,
			  const struct blkzone_report_iter *it)
{
	unsigned int i;

	zc_rows_init(rs, ctl->format, "summary", stdout);
	rs->json_head = zc_cached_json(it);
	rs->noheadings = ctl->noheadings;
	for (i = 0; i < NCOLS; i++)
		zc_rows_add_column(rs, columns[i].name, ZC_ROWS_FIT,
				   columns[i].right, columns[i].kind);
}

static int summary_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	struct blkzone_report_iter *it;
	struct blkzone_info info;
	struct blkzone_zone z;
	struct summary s;
	struct zc_rows rs;
	int ret;

	if (zc_range_start(ctl, dev, &info, &it))
		return ZC_EXIT_FAILURE;
	memset(&s, 0, sizeof(s));
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		tally_add(&s.types[slot(type_values, NTYPES, z.type)], &z);
		tally_add(&s.conds[slot(cond_values, NCONDS, z.cond)], &z);
		tally_add(&s.total, &z);
	}
	if (ret < 0) {
		blkzone_report_end(it);
		return zc_report_error(ctl->path, ret);
	}

	setup_columns(ctl, &rs, it);
	ret = print_summary(ctl, &rs, &s);
	if (!ret)
		ret = zc_rows_finish(&rs);
	zc_rows_free(&rs);
	blkzone_report_end(it);
	return zc_rows_status(ctl, ret, "the summary");
}

const struct zc_command zc_cmd_summary = {
	.name = "summary",
	.help = "count zones and bytes per condition and type",
	.desc = "Count the zones of a range and their sizes per zone type and per\n"
		"zone condition, and show how much of the sequential zones is\n"
		"written.\n",
	.options_help =
		ZC_RANGE_HELP
		ZC_CACHED_HELP
		ZC_FILTER_HELP
		" -b, --bytes            print sizes in bytes, exactly\n"
		" -J, --json             use JSON output format\n"
		" -r, --raw              use raw output format\n"
		" -n, --noheadings       do not print headings\n",
	.notes = ZC_SIZE_HELP
		"Sizes are printed as lsblk prints them (1.5M: 1.5 MiB), in bytes\n"
		"with --bytes; JSON numbers are 512-byte sectors, or bytes with\n"
		"--bytes.\n",
	.flags = ZC_CMD_RANGE | ZC_CMD_CACHED | ZC_CMD_FILTER | ZC_CMD_JSON |
		 ZC_CMD_TABLE,
	.run = summary_run,
};
