// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Print the host's time stamp counter rate in kHz.
 *
 * Under TCG the guest's TSC counts at the host's rate, but the guest has no
 * timer to calibrate it against and falls back to a jiffies clock of 4 ms
 * steps: boot.sh hands this rate to the guest (tsc_early_khz=) instead.
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

int main(void)
{
	const struct timespec pause = { .tv_nsec = 100 * 1000 * 1000 };
	uint64_t t0 = now_ns(), c0 = __rdtsc(), t1, c1;

	nanosleep(&pause, NULL);
	t1 = now_ns();
	c1 = __rdtsc();
	printf("%llu\n", (unsigned long long)((c1 - c0) * 1000000 / (t1 - t0)));
	return 0;
}
