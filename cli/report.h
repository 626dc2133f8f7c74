/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ZONECTL_REPORT_H
#define ZONECTL_REPORT_H

#include <stdbool.h>

#include <libblkzone.h>

#include "stream.h"

struct report_ctl {
	const char *path;
	struct blkzone_report_opts opts;
	enum zc_format format;
	bool noheadings;
	bool bytes;
	int cols[32];
	int ncols;
};

/*
 * Reads the command line of "zonectl report".  Returns 0 to go on, 1 when
 * the command is done (--help, --version, --list-columns) and -1 after
 * printing a usage error.
 */
int zc_report_parse(int argc, char **argv, struct report_ctl *ctl);
/* Prints the report of @dev; returns an exit code. */
int zc_report_run(struct report_ctl *ctl, struct blkzone_dev *dev);

#endif /* ZONECTL_REPORT_H */
