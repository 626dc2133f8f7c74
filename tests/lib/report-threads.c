// SPDX-License-Identifier: GPL-2.0-or-later
/* Reports run concurrently on one handle each see every zone, in order. */
#include "config.h"

#include <pthread.h>

#include "fake-dev.h"
#include "tap.h"

#define THREADS	4
#define NR	20000ULL
#define ZS	256ULL

struct job {
	struct blkzone_dev *dev;
	uint64_t offset;
	uint64_t count;
	uint64_t bad;
	int ret;
};

static void *run(void *arg)
{
	struct blkzone_report_opts opts = { 0 };
	struct blkzone_report_iter *it;
	struct job *job = arg;
	struct blkzone_zone z;
	uint64_t expect = job->offset;
	int round, ret;

	opts.offset = job->offset;
	for (round = 0; round < 5; round++) {
		ret = blkzone_report_start(job->dev, &opts, &it);
		if (ret) {
			job->ret = ret;
			return NULL;
		}
		expect = job->offset;
		job->count = 0;
		while ((ret = blkzone_report_next(it, &z)) > 0) {
			if (z.start != expect)
				job->bad++;
			expect = z.start + z.len;
			job->count++;
		}
		blkzone_report_end(it);
		if (ret) {
			job->ret = ret;
			return NULL;
		}
	}
	return NULL;
}

int main(void)
{
	struct fake_dev *f = fake_new(NR, ZS);
	struct job jobs[THREADS] = { 0 };
	pthread_t tids[THREADS];
	struct blkzone_dev *dev;
	int i;

	tap_plan(THREADS);
	fake_open(f, &dev);
	for (i = 0; i < THREADS; i++) {
		jobs[i].dev = dev;
		jobs[i].offset = (uint64_t)i * 1000 * ZS * 512;
		if (pthread_create(&tids[i], NULL, run, &jobs[i]))
			jobs[i].ret = -1;
	}
	for (i = 0; i < THREADS; i++) {
		if (jobs[i].ret != -1)
			pthread_join(tids[i], NULL);
		tap_ok(!jobs[i].ret && !jobs[i].bad &&
		       jobs[i].count == NR - (uint64_t)i * 1000,
		       "thread %d: ret %d, %llu zones, %llu out of place", i,
		       jobs[i].ret, (unsigned long long)jobs[i].count,
		       (unsigned long long)jobs[i].bad);
	}
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
