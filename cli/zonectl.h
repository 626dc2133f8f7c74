/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ZONECTL_H
#define ZONECTL_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <libblkzone.h>

/* Exit codes, documented in zonectl(8). */
#define ZC_EXIT_OK	0
#define ZC_EXIT_FAILURE	1

extern const char *zc_progname;
/* The path zc_open() opened, which zc_errn() checks to explain -EUCLEAN. */
extern const char *zc_opened_path;

void zc_errx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * "corrupt zone image: WHAT" in @buf when blkzone_image_check() says what
 * is wrong with the zone image at @path; NULL when it says nothing.
 */
const char *zc_image_damage(const char *path, char *buf, size_t size);
/*
 * strerror() of the negative errno @err, in @buf when it needs one; for
 * -EUCLEAN, what is wrong with the zone image zc_open() opened.
 */
const char *zc_strerror(int err, char *buf, size_t size);
/* Reports a negative errno returned by libblkzone. */
void zc_errn(int err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void zc_print_version(void);

/*
 * @bytes as lsblk prints sizes: in the largest binary unit that leaves a
 * whole part from 1 to 1023, with one decimal unless it is 0: "16M",
 * "1.5G", "512B".  @spaced writes "16 MiB" and "512 bytes" instead, for
 * messages.  Returns @buf.
 */
const char *zc_human_size(char *buf, size_t size, uint64_t bytes,
			  bool spaced);
/*
 * The width of the terminal on standard output, or 0 when standard output
 * is not a terminal.  COLUMNS, if set, stands in for a terminal that does
 * not say.
 */
unsigned int zc_terminal_width(void);

/* A position or length in messages: "32768 sectors, 16 MiB".  Returns @buf. */
const char *zc_sectors_text(char *buf, size_t size, uint64_t bytes);
/*
 * What parsing a command line comes to: go on, done (--help, --version,
 * --list-columns printed), or a usage error, printed.
 */
enum zc_parse {
	ZC_PARSE_OK,
	ZC_PARSE_DONE,
	ZC_PARSE_ERROR,
};

/* An unusable command line: names the problem and points at --help. */
enum zc_parse zc_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * For getopt_long() run with opterr = 0 and an optstring that starts with
 * ':': turns its '?' or ':' into one line that names the bad option.
 */
enum zc_parse zc_option_error(const char *cmd, int c, char **argv);

/* Opens @path and explains a failure on stderr. */
int zc_open(const char *path, int flags, struct blkzone_dev **devp);

struct zc_ctl;

/* The options a command takes besides its own, and how it opens its operand. */
#define ZC_CMD_RANGE	(1U << 0)	/* -O, -z, -l, -c */
#define ZC_CMD_CACHED	(1U << 1)	/* -C */
#define ZC_CMD_FILTER	(1U << 2)	/* --cond, --type */
#define ZC_CMD_JSON	(1U << 3)	/* -b, -J */
#define ZC_CMD_TABLE	(1U << 4)	/* prints a table: -r, -n */
#define ZC_CMD_WRITES	(1U << 5)	/* opens read-write and exclusive: -f */
#define ZC_CMD_CREATES	(1U << 6)	/* the operand is a file it makes */
#define ZC_CMD_REPLACES	(1U << 7)	/* opens read-write and exclusive, no -f */
#define ZC_CMD_DIRECT	(1U << 8)	/* opens a block device with O_DIRECT */
#define ZC_CMD_DEVICES	(1U << 9)	/* one or more devices, opened by run */

/*
 * A command: what zonectl --help and its own usage say of it, the options
 * it takes, and what it does.  The driver (zonectl.c) parses the options,
 * handles --help and --version, takes the operand and opens it; the hooks
 * see the rest.
 */
struct zc_command {
	const char *name;
	const char *help;		/* one line, for zonectl --help */
	const char *desc;		/* the usage's description */
	const char *options_help;	/* its options but -h and -V */
	const char *notes;		/* the usage's end */
	unsigned int flags;		/* ZC_CMD_* */
	const char *shortopts;		/* its own options */
	const struct option *longopts;
	size_t priv_size;		/* zeroed state for the hooks, ctl->priv */
	int op;				/* reset, open, close, finish: which */
	/*
	 * A second operand, a file, for commands that take a device and a
	 * file: its name in the usage ("image"), and whether it comes first.
	 */
	const char *file_operand;
	bool file_first;

	void (*init)(struct zc_ctl *ctl);
	/* Its own options, as getopt_long() returns them. */
	enum zc_parse (*option)(struct zc_ctl *ctl, int c, const char *arg);
	/* After the options, before the operand. */
	enum zc_parse (*check)(struct zc_ctl *ctl);
	/* @dev: the operand opened, NULL with ZC_CMD_CREATES or ZC_CMD_DEVICES. */
	int (*run)(struct zc_ctl *ctl, struct blkzone_dev *dev);
};

extern const struct zc_command *const zc_commands[];
extern const unsigned int zc_ncommands;
const struct zc_command *zc_find_command(const char *name);

extern const struct zc_command zc_cmd_info, zc_cmd_report, zc_cmd_capacity,
	zc_cmd_summary, zc_cmd_map, zc_cmd_reset, zc_cmd_open, zc_cmd_close,
	zc_cmd_finish, zc_cmd_mkimage, zc_cmd_dump, zc_cmd_restore, zc_cmd_metrics,
	zc_cmd_watch;

/*
 * Runs the command line @argv, whose first word is the command's name:
 * parses it into @ctl, opens the device and runs the command.  Returns
 * the exit code; a failed write to standard output is left in @ctl for
 * the caller to report once stdout is closed.
 */
int zc_run_command(struct zc_ctl *ctl, int argc, char **argv);

/* main(): zonectl's own options, or zc_run_command(). */
int zc_main(struct zc_ctl *ctl, int argc, char **argv);

#endif /* ZONECTL_H */
