// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Time full-disk zone reports, device against cached, at the ioctl level:
 *
 *   report-time DEVICE ZONES_PER_CALL RUNS
 *
 * Prints, for each kind, the median wall time of RUNS full reports in
 * milliseconds, the number of ioctls one report took, and the time of the
 * first of the RUNS reports:
 *   device MEDIAN_MS CALLS FIRST_MS
 *   cached MEDIAN_MS CALLS FIRST_MS
 * The device reports come first.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/blkzoned.h>

#ifndef BLKREPORTZONEV2
#define BLKREPORTZONEV2 _IOWR(0x12, 142, struct blk_zone_report)
#endif
#define REP_CACHED (1U << 31)

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* One full report; returns the number of ioctls, or -errno. */
static long full_report(int fd, struct blk_zone_report *rep, uint32_t per_call,
			int cached)
{
	uint64_t sector = 0;
	long calls = 0;

	for (;;) {
		rep->sector = sector;
		rep->nr_zones = per_call;
		rep->flags = cached ? REP_CACHED : 0;
		if (ioctl(fd, cached ? BLKREPORTZONEV2 : BLKREPORTZONE, rep))
			return -errno;
		calls++;
		if (!rep->nr_zones)
			return calls;
		sector = rep->zones[rep->nr_zones - 1].start +
			 rep->zones[rep->nr_zones - 1].len;
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int time_kind(int fd, struct blk_zone_report *rep, uint32_t per_call,
		     int runs, int cached)
{
	double *ms = calloc(runs, sizeof(*ms)), first;
	long calls = 0;
	int i;

	if (!ms)
		return 1;
	for (i = 0; i < runs; i++) {
		double t0 = now_ms();

		calls = full_report(fd, rep, per_call, cached);
		ms[i] = now_ms() - t0;
		if (calls < 0) {
			fprintf(stderr, "report: errno %ld\n", -calls);
			free(ms);
			return 1;
		}
	}
	first = ms[0];
	qsort(ms, runs, sizeof(*ms), cmp_double);
	printf("%s %.3f %ld %.3f\n", cached ? "cached" : "device", ms[runs / 2],
	       calls, first);
	free(ms);
	return 0;
}

int main(int argc, char **argv)
{
	struct blk_zone_report *rep;
	uint32_t per_call;
	int fd, runs, ret;

	if (argc != 4) {
		fprintf(stderr, "usage: report-time DEVICE ZONES_PER_CALL RUNS\n");
		return 2;
	}
	per_call = strtoul(argv[2], NULL, 0);
	runs = atoi(argv[3]);
	if (!per_call || runs < 1) {
		fprintf(stderr, "report-time: bad ZONES_PER_CALL or RUNS\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	rep = calloc(1, sizeof(*rep) + per_call * sizeof(struct blk_zone));
	if (!rep)
		return 1;
	ret = time_kind(fd, rep, per_call, runs, 0) ||
	      time_kind(fd, rep, per_call, runs, 1);
	free(rep);
	close(fd);
	return ret;
}
