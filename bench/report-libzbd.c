// SPDX-License-Identifier: MIT
/*
 * report-libzbd: one full zone report of a device with libzbd's
 * zbd_report_zones(), as an application does it: open, report every zone
 * into an array sized from zbd_open()'s zone count, free it, close.  The
 * twin of report-libblkzone.c, for bench/run.sh to time both the same way.
 *
 *   report-libzbd DEVICE
 *
 * Prints "ZONES NS": the zones reported and the nanoseconds of the report
 * call alone (CLOCK_MONOTONIC).
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libzbd/zbd.h>

#include "report-clock.h"

int main(int argc, char **argv)
{
	struct zbd_zone *zones;
	struct zbd_info info;
	unsigned int n;
	uint64_t t0, t1;
	int fd, ret;

	if (argc != 2) {
		fprintf(stderr, "usage: report-libzbd DEVICE\n");
		return 2;
	}
	fd = zbd_open(argv[1], O_RDONLY, &info);
	if (fd < 0) {
		fprintf(stderr, "report-libzbd: %s: cannot open\n", argv[1]);
		return 1;
	}
	n = info.nr_zones;
	zones = calloc(n ? n : 1, sizeof(*zones));
	if (!zones) {
		zbd_close(fd);
		fprintf(stderr, "report-libzbd: out of memory\n");
		return 1;
	}
	t0 = now_ns();
	ret = zbd_report_zones(fd, 0, 0, ZBD_RO_ALL, zones, &n);
	t1 = now_ns();
	free(zones);
	zbd_close(fd);
	if (ret) {
		fprintf(stderr, "report-libzbd: %s: %s\n", argv[1], strerror(-ret));
		return 1;
	}
	print_report(n, t0, t1);
	return 0;
}
