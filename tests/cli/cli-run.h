/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef HOSTTEST_CLI_RUN_H
#define HOSTTEST_CLI_RUN_H

#include <stdbool.h>

#include "fake-dev.h"

struct cli_result {
	int status;	/* exit code */
	char *out;	/* stdout */
	char *err;	/* stderr */
};

/*
 * Runs "zonectl ARGS DEVICE" through zonectl's own code, with a fake zoned
 * device in place of DEVICE: ARGS starts with the command name and is split
 * at spaces.  A command that opens any device gets @f.
 */
void cli_run(struct fake_dev *f, const char *args, struct cli_result *res);
/* Runs "zonectl ARGS" as it is, without a device appended. */
void cli_run_argv(struct fake_dev *f, const char *args, struct cli_result *res);
/* cli_run() of "report ARGS". */
void cli_report(struct fake_dev *f, const char *args, struct cli_result *res);
/*
 * True if jq (the JQ environment variable) finds @filter true on @doc; false
 * on any error, an invalid document included.
 */
bool cli_jq(const char *doc, const char *filter);
/* True if the JQ environment variable names a jq to run. */
bool cli_have_jq(void);
void cli_result_free(struct cli_result *res);
/* True if @out has a line that is @line (without its newline). */
bool cli_has_line(const char *out, const char *line);
/* True if @out has a line that starts with the words in @prefix. */
bool cli_has_line_prefix(const char *out, const char *prefix);
/* True if @s starts with @prefix. */
bool cli_starts(const char *s, const char *prefix);
/* Number of lines in @s. */
unsigned int cli_lines(const char *s);

#endif /* HOSTTEST_CLI_RUN_H */
