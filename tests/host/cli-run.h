/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef HOSTTEST_CLI_RUN_H
#define HOSTTEST_CLI_RUN_H

#include "fake-dev.h"

struct cli_result {
	int status;	/* exit code */
	char *out;	/* stdout */
	char *err;	/* stderr */
};

/*
 * Runs "zonectl report ARGS DEVICE" through zonectl's own code, with a fake
 * zoned device in place of DEVICE.  @args is split at spaces.
 */
void cli_report(struct fake_dev *f, const char *args, struct cli_result *res);
void cli_result_free(struct cli_result *res);
/* Number of lines in @s. */
unsigned int cli_lines(const char *s);

#endif /* HOSTTEST_CLI_RUN_H */
