// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "rows.h"
#include "zonectl.h"

enum field_type {
	FT_STRING,
	FT_NUMBER,
	FT_BOOLEAN,
	FT_SIZE,	/* bytes; as lsblk prints sizes unless --bytes */
};

struct field {
	const char *key;	/* JSON */
	const char *label;	/* text */
	enum field_type type;
};
enum {
	F_PATH,
	F_MODEL,
	F_PARTITION,
	F_PART_OFFSET,
	F_LBS,
	F_PBS,
	F_CAPACITY,
	F_ZONE_SIZE,
	F_ZONE_CAPACITY,
	F_NR_ZONES,
	F_MAX_OPEN,
	F_MAX_ACTIVE,
	F_APPEND_MAX,
	F_WRITE_GRAN,
	F_CACHED,
	F_COUNT,
};

static const struct field fields[F_COUNT] = {
	[F_PATH]	= { "path", "Device", FT_STRING },
	[F_MODEL]	= { "model", "Zone model", FT_STRING },
	[F_PARTITION]	= { "partition", "Partition", FT_BOOLEAN },
	[F_PART_OFFSET]	= { "partition-offset", "Partition offset", FT_SIZE },
	[F_LBS]		= { "logical-block-size", "Logical block size (bytes)", FT_NUMBER },
	[F_PBS]		= { "physical-block-size", "Physical block size (bytes)", FT_NUMBER },
	[F_CAPACITY]	= { "capacity", "Capacity", FT_SIZE },
	[F_ZONE_SIZE]	= { "zone-size", "Zone size", FT_SIZE },
	[F_ZONE_CAPACITY] = { "zone-capacity", "Zone capacity", FT_SIZE },
	[F_NR_ZONES]	= { "nr-zones", "Number of zones", FT_NUMBER },
	[F_MAX_OPEN]	= { "max-open-zones", "Max open zones", FT_NUMBER },
	[F_MAX_ACTIVE]	= { "max-active-zones", "Max active zones", FT_NUMBER },
	[F_APPEND_MAX]	= { "zone-append-max-bytes", "Zone append max", FT_SIZE },
	[F_WRITE_GRAN]	= { "zone-write-granularity", "Zone write granularity (bytes)", FT_NUMBER },
	[F_CACHED]	= { "cached-report", "Cached report", FT_BOOLEAN },
};

/* The value of each field, as text; numbers in @buf. */
struct values {
	const char *v[F_COUNT];
	char buf[F_COUNT][24];
};

static void set_num(struct values *vals, int f, uint64_t n)
{
	snprintf(vals->buf[f], sizeof(vals->buf[f]), "%" PRIu64, n);
	vals->v[f] = vals->buf[f];
}

static void fill_values(struct values *vals, const char *path,
			const struct blkzone_info *info)
{
	vals->v[F_PATH] = path;
	vals->v[F_MODEL] = blkzone_model_name(info->model);
	set_num(vals, F_PARTITION, info->is_partition);
	set_num(vals, F_PART_OFFSET, info->partition_offset);
	set_num(vals, F_LBS, info->logical_block_size);
	set_num(vals, F_PBS, info->physical_block_size);
	set_num(vals, F_CAPACITY, info->capacity);
	set_num(vals, F_ZONE_SIZE, info->zone_size);
	set_num(vals, F_ZONE_CAPACITY, info->zone_capacity);
	set_num(vals, F_NR_ZONES, info->nr_zones);
	set_num(vals, F_MAX_OPEN, info->max_open_zones);
	set_num(vals, F_MAX_ACTIVE, info->max_active_zones);
	set_num(vals, F_APPEND_MAX, info->zone_append_max_bytes);
	set_num(vals, F_WRITE_GRAN, info->zone_write_granularity);
	set_num(vals, F_CACHED, info->cached_report);
}

/* JSON: one object whose members are the fields, typed. */
static int print_json(struct zc_rows *rs, const struct values *vals)
{
	static const enum zc_rows_kind kinds[] = {
		[FT_STRING] = ZC_ROWS_STRING,
		[FT_NUMBER] = ZC_ROWS_NUMBER,
		[FT_BOOLEAN] = ZC_ROWS_BOOLEAN,
		[FT_SIZE] = ZC_ROWS_NUMBER,
	};
	int i;

	for (i = 0; i < F_COUNT; i++)
		zc_rows_add_column(rs, fields[i].key, 0, false,
				   kinds[fields[i].type]);
	return zc_rows_object(rs, vals->v);
}

/* The text of field @i: sizes as lsblk prints them unless @bytes. */
static const char *text_value(const struct values *vals, int i, bool bytes,
			      char *buf, size_t size)
{
	const char *value = vals->v[i];

	if (i == F_CACHED)
		return strcmp(value, "0") ? "available" : "not available";
	if (fields[i].type == FT_BOOLEAN)
		return strcmp(value, "0") ? "yes" : "no";
	if (fields[i].type == FT_SIZE && !bytes)
		return zc_human_size(buf, size, strtoull(value, NULL, 10),
				     false);
	return value;
}

/* Text: one "label: value" line per field, the values in a column. */
static int print_text(struct zc_rows *rs, const struct values *vals,
		      bool bytes)
{
	char label[64], buf[32];
	const char *cells[2] = { label, NULL };
	int i, ret = 0;

	rs->noheadings = true;
	zc_rows_add_column(rs, "FIELD", ZC_ROWS_FIT, false, ZC_ROWS_STRING);
	zc_rows_add_column(rs, "VALUE", ZC_ROWS_FIT, false, ZC_ROWS_STRING);
	for (i = 0; i < F_COUNT && !ret; i++) {
		snprintf(label, sizeof(label), "%s%s:", fields[i].label,
			 fields[i].type == FT_SIZE && bytes ? " (bytes)" : "");
		cells[1] = text_value(vals, i, bytes, buf, sizeof(buf));
		ret = zc_rows_add(rs, cells);
	}
	return ret ? ret : zc_rows_finish(rs);
}

static int info_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	struct blkzone_info info;
	struct values vals;
	struct zc_rows rs;
	int ret;

	ret = blkzone_get_info(dev, &info);
	if (ret) {
		zc_errn(ret, "%s: cannot read device information", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	fill_values(&vals, ctl->path, &info);

	zc_rows_init(&rs, ctl->format, NULL, stdout);
	if (ctl->json)
		ret = print_json(&rs, &vals);
	else
		ret = print_text(&rs, &vals, ctl->bytes);
	zc_rows_free(&rs);
	return zc_rows_status(ctl, ret, "device information");
}

const struct zc_command zc_cmd_info = {
	.name = "info",
	.help = "show the zone model and geometry of a device",
	.desc = "Show the zone model and geometry of a block device.\n",
	.options_help =
		" -b, --bytes    print sizes in bytes, exactly\n"
		" -J, --json     use JSON output format\n",
	.notes = "Sizes are printed as lsblk prints them (1.5M: 1.5 MiB), in bytes\n"
		 "with --bytes; JSON numbers are bytes.\n",
	.flags = ZC_CMD_JSON,
	.run = info_run,
};
