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
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "zonectl.h"

struct zone_op_ctl {
	const char *cmd;
	enum blkzone_op op;
	const char *path;
	struct zc_range range;
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

static const char *const descriptions[] = {
	[BLKZONE_OP_RESET]	= "Reset the write pointers of zones: their data is lost.",
	[BLKZONE_OP_OPEN]	= "Open zones explicitly.",
	[BLKZONE_OP_CLOSE]	= "Close open zones.",
	[BLKZONE_OP_FINISH]	= "Finish zones: they become full.",
};

static enum blkzone_op usage_op;

static void usage(void)
{
	printf("Usage:\n"
	       " %s %s [options] <device>\n"
	       "\n"
	       "%s\n"
	       "The range needs an end, --count or --length (from --offset or\n"
	       "--zone, or from zone 0), or --all for every zone: a start alone\n"
	       "is refused.  Conventional zones in the range are skipped.\n"
	       "\n"
	       "Options:\n"
	       " -O, --offset <size>    start of the range, a zone start (default 0)\n"
	       " -z, --zone <index>     start of the range: the zone of this index\n"
	       " -l, --length <size>    end of the range: its length, whole zones\n"
	       " -c, --count <number>   end of the range: its number of zones\n"
	       " -a, --all              every zone of the device\n"
	       " -f, --force            do not open the device exclusively\n"
	       " -v, --verbose          say what was done\n"
	       " -h, --help             display this help\n"
	       " -V, --version          display version\n"
	       "\n"
	       ZC_SIZE_HELP
	       "\n"
	       "For more details see zonectl(8).\n", zc_progname,
	       blkzone_op_name(usage_op), descriptions[usage_op]);
}

/*
 * --all, or a range with an end: a start alone would reach the end of the
 * device unasked.  Returns 0, or -1 after a usage error.
 */
static int check_op_range(const struct zone_op_ctl *ctl)
{
	const struct zc_range *r = &ctl->range;
	bool start = r->offset_arg || r->zone_arg;
	bool end = r->length_arg || r->count_arg;

	if (ctl->all && (start || end))
		return zc_usage_error(ctl->cmd, "--all and a range are mutually "
				      "exclusive"), -1;
	if (!ctl->all && !start && !end)
		return zc_usage_error(ctl->cmd, "a range (--count or --length, "
				      "from --offset or --zone) or --all is "
				      "required"), -1;
	if (!ctl->all && !end)
		return zc_usage_error(ctl->cmd, "%s '%s' needs an end: --count "
				      "or --length (--all for every zone)",
				      r->zone_arg ? "--zone" : "--offset",
				      r->zone_arg ? r->zone_arg : r->offset_arg),
		       -1;
	return 0;
}

/* Returns 0 to go on, 1 when done (--help, --version), -1 on a usage error. */
static int zone_op_parse(int argc, char **argv, struct zone_op_ctl *ctl)
{
	static const struct option longopts[] = {
		{ "offset",	required_argument, NULL, 'O' },
		{ "zone",	required_argument, NULL, 'z' },
		{ "length",	required_argument, NULL, 'l' },
		{ "count",	required_argument, NULL, 'c' },
		{ "all",	no_argument,	   NULL, 'a' },
		{ "force",	no_argument,	   NULL, 'f' },
		{ "verbose",	no_argument,	   NULL, 'v' },
		ZC_COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	int c;

	optind = 0;
	opterr = 0;
	usage_op = ctl->op;
	while ((c = getopt_long(argc, argv, ":O:z:l:c:afvhV", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'O':
		case 'z':
		case 'l':
		case 'c':
			if (zc_range_option(ctl->cmd, c, optarg, &ctl->range) < 0)
				return -1;
			break;
		case 'a':
			ctl->all = true;
			break;
		case 'f':
			ctl->force = true;
			break;
		case 'v':
			ctl->verbose = true;
			break;
		default:
			return zc_common_option(ctl->cmd, c, argv, usage);
		}
	}
	if (check_op_range(ctl))
		return -1;
	return zc_device_arg(ctl->cmd, argc, argv, &ctl->path);
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
static void run_failed(const struct zone_op_ctl *ctl,
		       const struct blkzone_info *info, uint64_t first,
		       uint64_t last, int err)
{
	char what[64], done[64], buf[320];
	const char *why = op_reason(err, info, buf, sizeof(buf));

	zones_text(what, sizeof(what), first, last);
	if (!ctl->done_runs) {
		zc_errx("%s: %s of %s failed: %s", ctl->path,
			blkzone_op_name(ctl->op), what, why);
		return;
	}
	zc_errx("%s: %s %s %s%s, then the %s of %s failed: %s", ctl->path,
		zones_text(done, sizeof(done), ctl->done_first, ctl->done_last),
		ctl->done_first == ctl->done_last ? "was" : "were",
		done_words[ctl->op], ctl->done_runs > 1 ?
		" (conventional zones skipped)" : "", blkzone_op_name(ctl->op),
		what, why);
}

/*
 * Applies the operation to the sequential zones [@start, @end): one
 * request, whatever the output goes to, so that a command does the same
 * everywhere.
 */
static int apply_run(struct zone_op_ctl *ctl, struct blkzone_dev *dev,
		     const struct blkzone_info *info, uint64_t start,
		     uint64_t end)
{
	uint64_t first = start / info->zone_size;
	uint64_t last = (end - 1) / info->zone_size;
	char what[64];
	int ret;

	ret = blkzone_zone_op(dev, ctl->op, start, end - start);
	if (ret) {
		run_failed(ctl, info, first, last, ret);
		return ret;
	}
	if (ctl->verbose)
		printf("%s: %s %s (sectors %" PRIu64 "-%" PRIu64 ")\n",
		       ctl->path, done_words[ctl->op],
		       zones_text(what, sizeof(what), first, last),
		       sectors(start), sectors(end) - 1);
	if (!ctl->done_runs++)
		ctl->done_first = first;
	ctl->done_last = last;
	return 0;
}

/* A --length must end on the end of a zone, or of the device. */
static int check_end(const struct zone_op_ctl *ctl,
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
static int walk_range(struct zone_op_ctl *ctl, struct blkzone_dev *dev,
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
			ctl->path, blkzone_op_name(ctl->op));
		return ZC_EXIT_FAILURE;
	}
	return ZC_EXIT_OK;
}

/* Refuses a range that does not start on a zone or leaves the device. */
static int check_range(struct zone_op_ctl *ctl, const struct blkzone_info *info)
{
	const struct zc_range *r = &ctl->range;
	const struct blkzone_report_opts *o = &r->opts;
	uint64_t zones_left, first = o->offset / info->zone_size;
	char a[64], b[64];

	if (zc_offset_beyond(ctl->path, r, info))
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

static int zone_op_all(struct zone_op_ctl *ctl, struct blkzone_dev *dev,
		       const struct blkzone_info *info)
{
	int ret = blkzone_zone_op_all(dev, ctl->op);
	char why[320];

	if (ret) {
		zc_errx("%s: %s of all zones failed: %s", ctl->path,
			blkzone_op_name(ctl->op),
			op_reason(ret, info, why, sizeof(why)));
		return ZC_EXIT_FAILURE;
	}
	if (ctl->verbose)
		printf("%s: %s all zones\n", ctl->path, blkzone_op_name(ctl->op));
	return ZC_EXIT_OK;
}

static int zone_op_run(struct zone_op_ctl *ctl, struct blkzone_dev *dev)
{
	struct blkzone_info info;
	int ret;

	ret = blkzone_get_info(dev, &info);
	if (ret) {
		zc_errn(ret, "%s: cannot read device information", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	if (!info.zone_size) {
		zc_errx("%s: not a zoned block device", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	if (ctl->all && ctl->op == BLKZONE_OP_RESET)
		return zone_op_all(ctl, dev, &info);
	if (ctl->all)
		ctl->range.opts.offset = 0;
	else if (zc_range_resolve(ctl->path, &info, &ctl->range))
		return ZC_EXIT_FAILURE;
	if (check_range(ctl, &info) || walk_range(ctl, dev, &info, false))
		return ZC_EXIT_FAILURE;
	return walk_range(ctl, dev, &info, true);
}

static int zone_op_cmd(enum blkzone_op op, int argc, char **argv)
{
	struct zone_op_ctl ctl = { .cmd = blkzone_op_name(op), .op = op };
	struct blkzone_dev *dev;
	int ret;

	ret = zone_op_parse(argc, argv, &ctl);
	if (ret)
		return ret > 0 ? ZC_EXIT_OK : ZC_EXIT_FAILURE;
	if (zc_open(ctl.path, O_RDWR | (ctl.force ? 0 : O_EXCL), &dev))
		return ZC_EXIT_FAILURE;
	ret = zone_op_run(&ctl, dev);
	blkzone_close(dev);
	return ret;
}

int zc_cmd_reset(int argc, char **argv)
{
	return zone_op_cmd(BLKZONE_OP_RESET, argc, argv);
}

int zc_cmd_open(int argc, char **argv)
{
	return zone_op_cmd(BLKZONE_OP_OPEN, argc, argv);
}

int zc_cmd_close(int argc, char **argv)
{
	return zone_op_cmd(BLKZONE_OP_CLOSE, argc, argv);
}

int zc_cmd_finish(int argc, char **argv)
{
	return zone_op_cmd(BLKZONE_OP_FINISH, argc, argv);
}
