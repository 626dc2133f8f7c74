// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * reset, open, close and finish: one command each, the same options.
 *
 * A range is checked whole before the first request: it must start on a
 * zone and end on a zone end (or at the end of the device).  Conventional
 * zones in it are skipped, since the operations do not apply to them; a
 * range of conventional zones only is refused.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "options.h"
#include "zonectl.h"

/* What the zone operations add to struct zc_ctl, as ctl->priv. */
struct zone_op_ctl {
	bool all;
	bool force;
	bool verbose;
	/* The runs done so far, for a failure part-way. */
	uint64_t done_runs;
	uint64_t done_first;	/* zone index */
	uint64_t done_last;
};

/* What a zone is once done, for messages. */
static const char *const done_words[] = {
	[BLKZONE_OP_RESET]	= "reset",
	[BLKZONE_OP_OPEN]	= "opened",
	[BLKZONE_OP_CLOSE]	= "closed",
	[BLKZONE_OP_FINISH]	= "finished",
};

/*
 * --all, or a range with an end: a start alone would reach the end of the
 * device unasked.  Returns 0, or -1 after a usage error.
 */
static enum zc_parse check_op_range(struct zc_ctl *ctl)
{
	const struct zone_op_ctl *zo = ctl->priv;
	const struct zc_range *r = &ctl->range;
	const char *cmd = ctl->cmd->name;
	bool start = r->offset_arg || r->zone_arg;
	bool end = r->length_arg || r->count_arg;

	if (zo->all && (start || end))
		return zc_usage_error(cmd, "--all and a range are mutually "
				      "exclusive");
	if (!zo->all && !start && !end)
		return zc_usage_error(cmd, "a range (--count or --length, from "
				      "--offset or --zone) or --all is "
				      "required");
	if (!zo->all && !end)
		return zc_usage_error(cmd, "%s '%s' needs an end: --count or "
				      "--length (--all for every zone)",
				      r->zone_arg ? "--zone" : "--offset",
				      r->zone_arg ? r->zone_arg : r->offset_arg);
	return ZC_PARSE_OK;
}

static enum zc_parse zone_op_option(struct zc_ctl *ctl, int c,
				    const char *arg)
{
	struct zone_op_ctl *zo = ctl->priv;

	(void)arg;
	if (c == 'a')
		zo->all = true;
	else
		zo->verbose = true;
	return ZC_PARSE_OK;
}

static uint64_t sectors(uint64_t bytes)
{
	return bytes >> BLKZONE_SECTOR_SHIFT;
}

/* "zone 5" or "zones 5-9". */
static const char *zones_text(char *buf, size_t size, uint64_t first,
			      uint64_t last)
{
	if (first == last)
		snprintf(buf, size, "zone %" PRIu64, first);
	else
		snprintf(buf, size, "zones %" PRIu64 "-%" PRIu64, first, last);
	return buf;
}

/*
 * Why a zone operation failed.  Linux gives ETOOMANYREFS when the device
 * has no open zone to spare (NVMe, and SCSI's "insufficient zone
 * resources") and EOVERFLOW when it has no active zone to spare; zone
 * images do the same.
 */
static const char *op_reason(int err, const struct blkzone_info *info,
			     char *buf, size_t size)
{
	uint32_t limit;
	const char *what;

	if (err == -ETOOMANYREFS) {
		what = "open";
		limit = info->max_open_zones;
	} else if (err == -EOVERFLOW) {
		what = "active";
		limit = info->max_active_zones;
	} else {
		return zc_strerror(err, buf, size);
	}
	if (limit)
		snprintf(buf, size, "the %s zone limit (%" PRIu32 " zones) is "
			 "reached", what, limit);
	else
		snprintf(buf, size, "the %s zone limit of the device is reached",
			 what);
	return buf;
}

/* Names what was done before the request for zones @first-@last failed. */
static void run_failed(const struct zc_ctl *ctl,
		       const struct blkzone_info *info, uint64_t first,
		       uint64_t last, int err)
{
	const struct zone_op_ctl *zo = ctl->priv;
	char what[64], done[64], buf[320];
	const char *why = op_reason(err, info, buf, sizeof(buf));

	zones_text(what, sizeof(what), first, last);
	if (!zo->done_runs) {
		zc_errx("%s: %s of %s failed: %s", ctl->path,
			blkzone_op_name(ctl->cmd->op), what, why);
		return;
	}
	zc_errx("%s: %s %s %s%s, then the %s of %s failed: %s", ctl->path,
		zones_text(done, sizeof(done), zo->done_first, zo->done_last),
		zo->done_first == zo->done_last ? "was" : "were",
		done_words[ctl->cmd->op], zo->done_runs > 1 ?
		" (conventional zones skipped)" : "", blkzone_op_name(ctl->cmd->op),
		what, why);
}

/*
 * Applies the operation to the sequential zones [@start, @end): one
 * request, whatever the output goes to, so that a command does the same
 * everywhere.
 */
static int apply_run(struct zc_ctl *ctl, struct blkzone_dev *dev,
		     const struct blkzone_info *info, uint64_t start,
		     uint64_t end)
{
	struct zone_op_ctl *zo = ctl->priv;
	uint64_t first = start / info->zone_size;
	uint64_t last = (end - 1) / info->zone_size;
	char what[64];
	int ret;

	ret = blkzone_zone_op(dev, ctl->cmd->op, start, end - start);
	if (ret) {
		run_failed(ctl, info, first, last, ret);
		return ret;
	}
	if (zo->verbose)
		printf("%s: %s %s (sectors %" PRIu64 "-%" PRIu64 ")\n",
		       ctl->path, done_words[ctl->cmd->op],
		       zones_text(what, sizeof(what), first, last),
		       sectors(start), sectors(end) - 1);
	if (!zo->done_runs++)
		zo->done_first = first;
	zo->done_last = last;
	return 0;
}

/* A --length must end on the end of a zone, or of the device. */
static int check_end(const struct zc_ctl *ctl,
		     const struct blkzone_info *info, uint64_t end)
{
	const struct blkzone_report_opts *o = &ctl->range.opts;
	char zs[64];

	if (!o->length || o->offset + o->length == end ||
	    o->offset + o->length >= info->capacity)
		return 0;
	zc_errx("%s: --length '%s' does not end the range on a zone end "
		"(zones are %s)", ctl->path, ctl->range.length_arg,
		zc_sectors_text(zs, sizeof(zs), info->zone_size));
	return ZC_EXIT_FAILURE;
}

/*
 * The zones of the range: checks that it ends on a zone end, counts the
 * sequential zones, and with @apply runs the operation on each run of
 * sequential zones.
 */
static int walk_range(struct zc_ctl *ctl, struct blkzone_dev *dev,
		      const struct blkzone_info *info, bool apply)
{
	struct blkzone_report_iter *it;
	struct blkzone_zone z;
	uint64_t run_start = 0, run_nr = 0, end = 0, nseq = 0;
	int ret;

	ret = blkzone_report_start(dev, &ctl->range.opts, &it);
	if (ret)
		return zc_report_error(ctl->path, ret);
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		end = z.start + z.len;
		if (z.type == BLKZONE_TYPE_CONVENTIONAL) {
			if (apply && run_nr &&
			    apply_run(ctl, dev, info, run_start, z.start))
				break;
			run_nr = 0;
			continue;
		}
		if (!run_nr)
			run_start = z.start;
		run_nr++;
		nseq++;
	}
	blkzone_report_end(it);
	if (ret < 0)
		return zc_report_error(ctl->path, ret);
	if (ret > 0)
		return ZC_EXIT_FAILURE;
	if (apply && run_nr && apply_run(ctl, dev, info, run_start, end))
		return ZC_EXIT_FAILURE;
	if (!apply && check_end(ctl, info, end))
		return ZC_EXIT_FAILURE;
	if (!apply && !nseq) {
		zc_errx("%s: the range holds conventional zones only: nothing to %s",
			ctl->path, blkzone_op_name(ctl->cmd->op));
		return ZC_EXIT_FAILURE;
	}
	return ZC_EXIT_OK;
}

/* Refuses a range that does not start on a zone or leaves the device. */
static int check_range(struct zc_ctl *ctl, const struct blkzone_info *info)
{
	const struct zc_range *r = &ctl->range;
	const struct blkzone_report_opts *o = &r->opts;
	uint64_t zones_left, first = o->offset / info->zone_size;
	char a[64], b[64];

	if (zc_offset_beyond(ctl, info))
		return ZC_EXIT_FAILURE;
	if (o->offset % info->zone_size) {
		zc_errx("%s: --offset '%s' (%s) is not the start of a zone "
			"(zones are %s)", ctl->path, r->offset_arg,
			zc_sectors_text(a, sizeof(a), o->offset),
			zc_sectors_text(b, sizeof(b), info->zone_size));
		return ZC_EXIT_FAILURE;
	}
	if (o->length > info->capacity - o->offset) {
		zc_errx("%s: --length '%s' from sector %" PRIu64 " goes past the "
			"end of the device (%s)", ctl->path, r->length_arg,
			sectors(o->offset),
			zc_sectors_text(a, sizeof(a), info->capacity));
		return ZC_EXIT_FAILURE;
	}
	zones_left = info->nr_zones - first;
	if (o->max_zones > zones_left) {
		zc_errx("%s: --count '%s' goes past the end of the device "
			"(%" PRIu64 " zone%s from zone %" PRIu64 ")", ctl->path,
			r->count_arg, zones_left, zones_left == 1 ? "" : "s",
			first);
		return ZC_EXIT_FAILURE;
	}
	return ZC_EXIT_OK;
}

static int zone_op_all(struct zc_ctl *ctl, struct blkzone_dev *dev,
		       const struct blkzone_info *info)
{
	const struct zone_op_ctl *zo = ctl->priv;
	int ret = blkzone_zone_op_all(dev, ctl->cmd->op);
	char why[320];

	if (ret) {
		zc_errx("%s: %s of all zones failed: %s", ctl->path,
			blkzone_op_name(ctl->cmd->op),
			op_reason(ret, info, why, sizeof(why)));
		return ZC_EXIT_FAILURE;
	}
	if (zo->verbose)
		printf("%s: %s all zones\n", ctl->path, blkzone_op_name(ctl->cmd->op));
	return ZC_EXIT_OK;
}

static int zone_op_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	const struct zone_op_ctl *zo = ctl->priv;
	struct blkzone_info info;

	if (zc_zoned_info(ctl, dev, &info))
		return ZC_EXIT_FAILURE;
	if (zo->all && ctl->cmd->op == BLKZONE_OP_RESET)
		return zone_op_all(ctl, dev, &info);
	if (zo->all)
		ctl->range.opts.offset = 0;
	else if (zc_range_resolve(ctl, &info))
		return ZC_EXIT_FAILURE;
	if (check_range(ctl, &info) || walk_range(ctl, dev, &info, false))
		return ZC_EXIT_FAILURE;
	return walk_range(ctl, dev, &info, true);
}

static const struct option zone_op_longopts[] = {
	{ "all",	no_argument,	   NULL, 'a' },
	{ "verbose",	no_argument,	   NULL, 'v' },
	{ NULL, 0, NULL, 0 }
};

#define ZONE_OP_RANGE_DESC						\
	"The range needs an end, --count or --length (from --offset or\n"	\
	"--zone, or from zone 0), or --all for every zone: a start alone\n"	\
	"is refused.  Conventional zones in the range are skipped.\n"

#define ZONE_OP_COMMAND(op_, name_, help_, desc_)			\
	{								\
		.name = name_,						\
		.help = help_,						\
		.desc = desc_ "\n" ZONE_OP_RANGE_DESC,			\
		.options_help = zone_op_options_help,			\
		.notes = ZC_SIZE_HELP,					\
		.flags = ZC_CMD_RANGE | ZC_CMD_WRITES,			\
		.shortopts = "av",					\
		.longopts = zone_op_longopts,				\
		.priv_size = sizeof(struct zone_op_ctl),		\
		.op = op_,						\
		.option = zone_op_option,				\
		.check = check_op_range,				\
		.run = zone_op_run,					\
	}

static const char zone_op_options_help[] =
	" -O, --offset <size>    start of the range, a zone start (default 0)\n"
	" -z, --zone <index>     start of the range: the zone of this index\n"
	" -l, --length <size>    end of the range: its length, whole zones\n"
	" -c, --count <number>   end of the range: its number of zones\n"
	" -a, --all              every zone of the device\n"
	" -f, --force            do not open the device exclusively\n"
	" -v, --verbose          say what was done\n";

const struct zc_command zc_cmd_reset = ZONE_OP_COMMAND(BLKZONE_OP_RESET,
	"reset", "reset the write pointers of zones",
	"Reset the write pointers of zones: their data is lost.");
const struct zc_command zc_cmd_open = ZONE_OP_COMMAND(BLKZONE_OP_OPEN,
	"open", "open zones explicitly", "Open zones explicitly.");
const struct zc_command zc_cmd_close = ZONE_OP_COMMAND(BLKZONE_OP_CLOSE,
	"close", "close open zones", "Close open zones.");
const struct zc_command zc_cmd_finish = ZONE_OP_COMMAND(BLKZONE_OP_FINISH,
	"finish", "finish zones (make them full)",
	"Finish zones: they become full.");
