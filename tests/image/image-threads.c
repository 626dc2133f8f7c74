// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Threads sharing one image handle: two report while one writes, and each
 * report is a consistent snapshot (write pointers never go back, zones
 * fill in order).
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>

#include "fake-dev.h"
#include "image-util.h"
#include "tap.h"

#define NR	16
#define ZS	65536ULL
#define BLK	4096ULL

struct job {
	struct blkzone_dev *dev;
	int reports;
	int bad;
	int ret;
};

static atomic_int writing = 1;

static void *reporter(void *arg)
{
	struct job *job = arg;
	struct blkzone_zone z[NR];
	uint64_t last = 0, total;
	long n;
	int i;

	while (writing || job->reports < 10) {
		n = fake_collect(job->dev, NULL, z, NR, NULL);
		if (n != NR) {
			job->ret = n < 0 ? (int)n : -1;
			return NULL;
		}
		total = 0;
		for (i = 0; i < NR; i++) {
			total += z[i].cond == BLKZONE_COND_FULL ? ZS :
				 z[i].wp - z[i].start;
			/* Zones are written in order: only one partial. */
			if (i && z[i].wp > z[i].start &&
			    z[i - 1].cond != BLKZONE_COND_FULL)
				job->bad++;
		}
		if (total < last)
			job->bad++;
		last = total;
		job->reports++;
	}
	return NULL;
}

int main(void)
{
	struct blkzone_image_geometry g = img_geo(NR, ZS);
	struct job jobs[2] = { { 0 } };
	pthread_t tids[2];
	struct blkzone_dev *dev;
	struct img_env e;
	uint64_t off;
	int i, failed = 0;

	img_env_init(&e);
	tap_plan(4);
	g.max_open_zones = 2;
	dev = img_make(e.path, &g);
	for (i = 0; i < 2; i++) {
		jobs[i].dev = dev;
		if (pthread_create(&tids[i], NULL, reporter, &jobs[i]))
			tap_skip_all("cannot start threads");
	}
	for (off = 0; off < NR * ZS; off += BLK)
		if (img_write(dev, off, BLK, (int)(off / BLK)) != BLK)
			failed++;
	writing = 0;
	for (i = 0; i < 2; i++) {
		pthread_join(tids[i], NULL);
		tap_ok(!jobs[i].ret && !jobs[i].bad && jobs[i].reports >= 10,
		       "reporter %d: ret %d, %d reports, %d inconsistent", i,
		       jobs[i].ret, jobs[i].reports, jobs[i].bad);
	}
	tap_eq_int(failed, 0, "every write succeeded");
	img_zone_is(dev, NR - 1, BLKZONE_COND_FULL, ZS, "all zones full");
	blkzone_close(dev);
	img_env_cleanup(&e);
	return tap_done();
}
