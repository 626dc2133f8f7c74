/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ZONECTL_H
#define ZONECTL_H

#include <stdbool.h>
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

/* @s as a JSON string, quotes included. */
void zc_json_string(FILE *out, const char *s);

/* A position or length in messages: "32768 sectors, 16 MiB".  Returns @buf. */
const char *zc_sectors_text(char *buf, size_t size, uint64_t bytes);
/*
 * A failed write to standard output, as a negative errno: recorded by the
 * command that saw it, reported once by main() as it closes stdout.
 */
void zc_output_failed(int err);
int zc_output_error(void);

/* An unusable command line: names the problem and points at --help. */
int zc_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * For getopt_long() run with opterr = 0 and an optstring that starts with
 * ':': turns its '?' or ':' into one line that names the bad option.
 */
int zc_option_error(const char *cmd, int c, char **argv);

/* Opens @path and explains a failure on stderr. */
int zc_open(const char *path, int flags, struct blkzone_dev **devp);

struct zc_command {
	const char *name;
	int (*run)(int argc, char **argv);	/* argv[0] is the name */
	const char *help;
};

extern const struct zc_command zc_commands[];
extern const unsigned int zc_ncommands;
const struct zc_command *zc_find_command(const char *name);

int zc_cmd_capacity(int argc, char **argv);
int zc_cmd_info(int argc, char **argv);
int zc_cmd_map(int argc, char **argv);
int zc_cmd_report(int argc, char **argv);
int zc_cmd_mkimage(int argc, char **argv);
int zc_cmd_reset(int argc, char **argv);
int zc_cmd_open(int argc, char **argv);
int zc_cmd_close(int argc, char **argv);
int zc_cmd_finish(int argc, char **argv);
int zc_cmd_summary(int argc, char **argv);

#endif /* ZONECTL_H */
