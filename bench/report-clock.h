/* SPDX-License-Identifier: MIT */
#ifndef BENCH_REPORT_CLOCK_H
#define BENCH_REPORT_CLOCK_H

#include <inttypes.h>
#include <stdio.h>
#include <time.h>

/* What bench/report-lib*.c time their report call with. */
static inline uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Their one line of output: "ZONES NS". */
static inline void print_report(uint64_t zones, uint64_t t0, uint64_t t1)
{
	printf("%" PRIu64 " %" PRIu64 "\n", zones, t1 - t0);
}

#endif /* BENCH_REPORT_CLOCK_H */
