// SPDX-License-Identifier: MIT
/*
 * report-libblkzone: one full zone report of a device with libblkzone's
 * blkzone_report_zones(), as an application does it: open, report every
 * zone into an array, free it, close.  The twin of report-libzbd.c, for
 * bench/run.sh to time both the same way.
 *
 *   report-libblkzone [--cached] DEVICE
 *
 * Prints "ZONES NS": the zones reported and the nanoseconds of the report
 * call alone (CLOCK_MONOTONIC).
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libblkzone.h>

#include "report-clock.h"

int main(int argc, char **argv)
{
	struct blkzone_report_opts opts = { 0 };
	struct blkzone_zone *zones = NULL;
	struct blkzone_dev *dev;
	const char *path;
	uint64_t t0, t1;
	int64_t n;
	int ret;

	if (argc == 3 && !strcmp(argv[1], "--cached")) {
		opts.flags = BLKZONE_REPORT_CACHED;
		path = argv[2];
	} else if (argc == 2) {
		path = argv[1];
	} else {
		fprintf(stderr, "usage: report-libblkzone [--cached] DEVICE\n");
		return 2;
	}
	ret = blkzone_open(path, O_RDONLY, &dev);
	if (ret) {
		fprintf(stderr, "report-libblkzone: %s: %s\n", path, strerror(-ret));
		return 1;
	}
	t0 = now_ns();
	n = blkzone_report_zones(dev, &opts, &zones);
	t1 = now_ns();
	free(zones);
	blkzone_close(dev);
	if (n < 0) {
		fprintf(stderr, "report-libblkzone: %s: %s\n", path,
			strerror((int)-n));
		return 1;
	}
	print_report((uint64_t)n, t0, t1);
	return 0;
}
