/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ZONECTL_OPTIONS_H
#define ZONECTL_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>

#include <libblkzone.h>

#include "rows.h"
#include "zonectl.h"

/* Long-only option values; commands number their own from ZC_OPT_NEXT. */
enum {
	ZC_OPT_COND = 0x100,
	ZC_OPT_TYPE,
	ZC_OPT_PLAIN,
	ZC_OPT_COLOR,
	ZC_OPT_NEXT,
};

/* Help lines of the shared options, for the commands' usage texts. */
#define ZC_RANGE_HELP							\
	" -O, --offset <size>    start of the range (default 0)\n"	\
	" -z, --zone <index>     start of the range: the zone of this index\n" \
	" -l, --length <size>    length of the range (default: to the end)\n" \
	" -c, --count <number>   number of zones in the range, instead of\n" \
	"                        --length\n"

#define ZC_CACHED_HELP							\
	" -C, --cached           use the kernel's cached report if it has one\n"

#define ZC_FILTER_HELP							\
	"     --cond <list>      only zones in these conditions\n"	\
	"     --type <list>      only zones of these types\n"

#define ZC_SIZE_HELP							\
	"<size> counts 512-byte sectors, or bytes when followed by a unit:\n" \
	"K, M, G, T, P, E (or KiB, MiB...) for powers of 1024, KB, MB...\n" \
	"for powers of 1000, with a fraction if wanted (1.5M).  As in\n"	\
	"blkzone(8), 0x starts a hexadecimal number and 0 an octal one;\n" \
	"a hexadecimal number takes no unit.\n"

/*
 * A range of zones as the command line gives it: what the library gets,
 * and the words typed, which messages echo (NULL where not given).
 * --zone waits here for the zone size, until zc_range_resolve().
 */
struct zc_range {
	struct blkzone_report_opts opts;
	const char *offset_arg;
	const char *zone_arg;
	const char *length_arg;
	const char *count_arg;
	uint64_t zone_index;
};

/*
 * What the command line asks of a command, and what it leaves behind:
 * the state of one run, made afresh for each (the in-process tests run
 * several commands in one process).
 */
struct zc_ctl {
	const struct zc_command *cmd;
	const char *path;	/* the operand: the device */
	const char *file;	/* the second operand, if the command has one */
	char *const *paths;	/* ZC_CMD_DEVICES: every device operand */
	unsigned int npaths;
	struct zc_range range;
	bool bytes;		/* -b */
	bool json;		/* -J */
	bool raw;		/* -r */
	bool noheadings;	/* -n */
	bool force;		/* -f */
	enum zc_format format;	/* from -J and -r */
	int output_err;		/* see zc_output_failed() */
	void *priv;		/* the command's own, cmd->priv_size bytes */
};

/*
 * A <size> argument of option @opt of command @cmd: ZC_PARSE_OK, or
 * ZC_PARSE_ERROR after printing a usage error.
 */
enum zc_parse zc_size_option(const char *cmd, const char *opt,
			     const char *arg, uint64_t *val);

/* A range or filter option: -O, -z, -l, -c, -C, --cond, --type. */
enum zc_parse zc_range_option(struct zc_ctl *ctl, int c, const char *arg);

/*
 * A failed write to standard output, as a negative errno: recorded by the
 * command that saw it, reported once by main() as it closes stdout.
 */
void zc_output_failed(struct zc_ctl *ctl, int err);

/*
 * The exit code for what zc_rows_add(), zc_rows_finish() or
 * zc_rows_object() returned: a failed write is left for main() to
 * report, a lack of memory is reported here ("cannot print @what").
 */
int zc_rows_status(struct zc_ctl *ctl, int err, const char *what);

/*
 * Turns a --zone index into the offset of that zone, now that @info gives
 * the zone size.  Returns 0, or ZC_EXIT_FAILURE after printing the problem.
 */
int zc_range_resolve(struct zc_ctl *ctl, const struct blkzone_info *info);

/*
 * Refuses an offset at or past the end of the device, naming it as typed.
 * Returns 0, or ZC_EXIT_FAILURE after printing the problem.
 */
int zc_offset_beyond(const struct zc_ctl *ctl, const struct blkzone_info *info);

/* The device's information; ZC_EXIT_FAILURE if it is not zoned. */
int zc_zoned_info(const struct zc_ctl *ctl, struct blkzone_dev *dev,
		  struct blkzone_info *info);

/*
 * Starts the report of the range on @dev (resolving --zone): checks that
 * the device is zoned and that the range starts inside it, and prints the
 * notice when a cached report was asked for and the kernel has none.
 * Returns 0, or ZC_EXIT_FAILURE after printing the problem.
 */
int zc_range_start(struct zc_ctl *ctl, struct blkzone_dev *dev,
		   struct blkzone_info *info, struct blkzone_report_iter **itp);

/* Zones with a write pointer: what can be written, and filled. */
bool zc_zone_has_wp(const struct blkzone_zone *z);

/*
 * What is written of a zone with a write pointer: up to the write pointer,
 * at most the capacity.  A full zone counts its capacity whatever its
 * write pointer says, and a zone without a valid write pointer (read-only
 * or offline on some devices) counts nothing.
 */
uint64_t zc_zone_written(const struct blkzone_zone *z);

/* Explains a failed report on stderr; returns ZC_EXIT_FAILURE. */
int zc_report_error(const char *path, int err);

/* "\"cached\": true" or false, the first member of every JSON output. */
const char *zc_cached_json(const struct blkzone_report_iter *it);

#endif /* ZONECTL_OPTIONS_H */
