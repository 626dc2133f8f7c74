/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ZONECTL_OPTIONS_H
#define ZONECTL_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>

#include <libblkzone.h>

#include "stream.h"

/*
 * The options shared by the commands that walk a zone report, so that they
 * parse and fail alike: the range and filters, the output format, --help
 * and --version.
 */

/* Short options, for a getopt optstring. */
#define ZC_RANGE_SHORTOPTS	"O:z:l:c:C"

/* Long-only option values; commands number their own from ZC_OPT_NEXT. */
enum {
	ZC_OPT_COND = 0x100,
	ZC_OPT_TYPE,
	ZC_OPT_NEXT,
};

#define ZC_RANGE_LONGOPTS						\
	{ "offset",	required_argument, NULL, 'O' },			\
	{ "zone",	required_argument, NULL, 'z' },			\
	{ "length",	required_argument, NULL, 'l' },			\
	{ "count",	required_argument, NULL, 'c' },			\
	{ "cached",	no_argument,	   NULL, 'C' }

#define ZC_FILTER_LONGOPTS						\
	{ "cond",	required_argument, NULL, ZC_OPT_COND },		\
	{ "type",	required_argument, NULL, ZC_OPT_TYPE }

/* The table formats' options, for zc_output_option(): "bJrn". */
#define ZC_TABLE_LONGOPTS						\
	{ "bytes",	no_argument,	   NULL, 'b' },			\
	{ "json",	no_argument,	   NULL, 'J' },			\
	{ "raw",	no_argument,	   NULL, 'r' },			\
	{ "noheadings",	no_argument,	   NULL, 'n' }

/* Every command's --help and --version, for zc_common_option(): "hV". */
#define ZC_COMMON_LONGOPTS						\
	{ "help",	no_argument,	   NULL, 'h' },			\
	{ "version",	no_argument,	   NULL, 'V' }

/* Help lines of the options above, for a command's usage text. */
#define ZC_RANGE_HELP							\
	" -O, --offset <size>    start of the range (default 0)\n"	\
	" -z, --zone <index>     start of the range: the zone of this index\n" \
	" -l, --length <size>    length of the range (default: to the end)\n" \
	" -c, --count <number>   number of zones in the range, instead of\n" \
	"                        --length\n"				\
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
 * A <size> argument of option @opt of command @cmd: 0, or non-zero after
 * printing a usage error.
 */
int zc_size_option(const char *cmd, const char *opt, const char *arg,
		   uint64_t *val);

/*
 * Handles getopt's answer @c if it is a range or filter option of command
 * @cmd.  Returns 1 if it was one, 0 if it was not, and -1 after printing a
 * usage error.
 */
int zc_range_option(const char *cmd, int c, const char *arg,
		    struct zc_range *range);

/*
 * --help (through @usage), --version, and getopt's complaints about
 * anything else.  Returns 1 when the command is done, -1 after a usage
 * error.
 */
int zc_common_option(const char *cmd, int c, char **argv, void (*usage)(void));

/* -b/--bytes, -J/--json, -r/--raw and -n/--noheadings, as given. */
struct zc_output_opts {
	bool bytes;
	bool json;
	bool raw;
	bool noheadings;
};

/* Records getopt's answer @c in @o if it is one of those: 1 if it was. */
int zc_output_option(int c, struct zc_output_opts *o);

/*
 * A range, filter or output option of command @cmd, recorded in @opts or
 * @out.  Returns 1 if @c was one, 0 if it was not (the command's own
 * options, --help, --version, getopt's complaints), -1 after a usage error.
 */
int zc_report_option(const char *cmd, int c, const char *arg,
		     struct zc_range *range, struct zc_output_opts *out);

/* The format that --json and --raw ask for; -1 after a usage error. */
int zc_output_format(const char *cmd, bool json, bool raw,
		     enum zc_format *format);

/*
 * Takes the device, the one operand left after getopt_long(): sets *@path
 * and returns 0, or prints a usage error and returns -1.
 */
int zc_device_arg(const char *cmd, int argc, char **argv, const char **path);

/*
 * Turns a --zone index into the offset of that zone, now that @info gives
 * the zone size.  Returns 0, or ZC_EXIT_FAILURE after printing the problem.
 */
int zc_range_resolve(const char *path, const struct blkzone_info *info,
		     struct zc_range *range);

/*
 * Refuses an offset at or past the end of the device, naming it as typed.
 * Returns 0, or ZC_EXIT_FAILURE after printing the problem.
 */
int zc_offset_beyond(const char *path, const struct zc_range *range,
		     const struct blkzone_info *info);

/*
 * Starts the report of @range on @dev (resolving --zone): checks that the
 * device is zoned and that the range starts inside it, and prints the
 * notice when a cached report was asked for and the kernel has none.
 * Returns 0, or ZC_EXIT_FAILURE after printing the problem.
 */
int zc_range_start(const char *path, struct blkzone_dev *dev,
		   struct zc_range *range, struct blkzone_info *info,
		   struct blkzone_report_iter **itp);

/*
 * Opens @path read-only, runs @run on it with @ctl and closes it.  Returns
 * @run's exit code, or ZC_EXIT_FAILURE after explaining why the device
 * cannot be opened.
 */
int zc_with_device(const char *path,
		   int (*run)(void *ctl, struct blkzone_dev *dev), void *ctl);

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
