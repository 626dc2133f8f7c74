// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A dump killed at any moment (SIGKILL, at random times through a dump of
 * 32 MiB of data) leaves either no file at all or a complete image equal
 * to its source: never a file that opens as a partial image, and no
 * temporary file either.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "image-util.h"
#include "tap.h"

#define NR	32
#define ZS	(1ULL << 20)
#define KILLS	40

static struct img_env e;
static char dump_path[128];

/* The entries of the directory besides the source. */
static int others(void)
{
	DIR *d = opendir(e.dir);
	struct dirent *de;
	int n = 0;

	if (!d)
		abort();
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
		    strcmp(de->d_name, "image"))
			n++;
	closedir(d);
	return n;
}

static bool equal_devices(struct blkzone_dev *a, struct blkzone_dev *b)
{
	static unsigned char x[NR * ZS], y[NR * ZS];
	struct blkzone_report_opts opts = { 0 };
	struct blkzone_zone *za = NULL, *zb = NULL;
	bool ok;

	ok = blkzone_report_zones(a, &opts, &za) == NR &&
	     blkzone_report_zones(b, &opts, &zb) == NR &&
	     !memcmp(za, zb, NR * sizeof(*za)) &&
	     blkzone_read(a, 0, x, sizeof(x)) == (int64_t)sizeof(x) &&
	     blkzone_read(b, 0, y, sizeof(y)) == (int64_t)sizeof(y) &&
	     !memcmp(x, y, sizeof(x));
	free(za);
	free(zb);
	return ok;
}

/* Kills a dump after @us microseconds; returns what was left. */
static const char *killed_dump(struct blkzone_dev *src, long us)
{
	struct blkzone_dev *d;
	pid_t pid = fork();
	bool ok;

	if (pid < 0)
		abort();
	if (!pid)
		_exit(blkzone_image_dump(src, dump_path, BLKZONE_DUMP_DATA,
					 NULL, 0) ? 1 : 0);
	usleep(us);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (access(dump_path, F_OK))
		return others() ? "a stray file" : "nothing";
	if (blkzone_open(dump_path, O_RDONLY, &d))
		return "an image that does not open";
	ok = equal_devices(src, d);
	blkzone_close(d);
	unlink(dump_path);
	if (!ok)
		return "an image unlike its source";
	return others() ? "a stray file" : "a complete image";
}

int main(void)
{
	struct blkzone_image_geometry g = img_geo(NR, ZS);
	struct blkzone_dev *src;
	unsigned char *buf = malloc(ZS);
	int i, nothing = 0, whole = 0;
	const char *left;

	img_env_init(&e);
	snprintf(dump_path, sizeof(dump_path), "%s/dump", e.dir);
	tap_plan(KILLS + 1);
	src = img_make(e.path, &g);
	srand((unsigned int)time(NULL) ^ (unsigned int)getpid());
	for (i = 0; i < NR; i++) {
		for (size_t k = 0; k < ZS; k++)
			buf[k] = (unsigned char)rand();
		if (img_write(src, (uint64_t)i * ZS, 0, 0) || !buf ||
		    src->ops->pwrite(src, buf, ZS, (uint64_t)i * ZS) != ZS)
			abort();
	}
	for (i = 0; i < KILLS; i++) {
		left = killed_dump(src, rand() % 100000);
		nothing += !strcmp(left, "nothing");
		whole += !strcmp(left, "a complete image");
		tap_ok(!strcmp(left, "nothing") ||
		       !strcmp(left, "a complete image"),
		       "kill %d: %s left", i + 1, left);
	}
	tap_diag("%d kills left nothing, %d a complete image", nothing, whole);
	tap_ok(nothing > 0, "some kills came before the dump ended");
	blkzone_close(src);
	free(buf);
	img_env_cleanup(&e);
	return tap_done();
}
