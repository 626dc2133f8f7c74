// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Two processes write to one image at once under an open limit, so that
 * each keeps closing the other's zones: no update is lost, every write
 * succeeds and lands where it should.
 */
#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "image-util.h"
#include "tap.h"

#define NZ	6
#define ZS	(256ULL << 10)
#define BLK	4096ULL
#define ROUNDS	8

static int writer(const char *path, int first, int go)
{
	struct blkzone_dev *dev;
	uint64_t off;
	int z, failed = 0;
	char c;

	if (blkzone_open(path, O_RDWR, &dev))
		return 1;
	/* Both start together, for the most interleaving. */
	if (read(go, &c, 1) < 0)
		return 1;
	/* Round robin over three zones: most writes reopen one. */
	for (off = 0; off < ZS; off += BLK)
		for (z = first; z < first + 3; z++)
			if (img_write(dev, z * ZS + off, BLK, z + 1) != BLK)
				failed++;
	blkzone_close(dev);
	return failed ? 1 : 0;
}

/* One round on a new image: 0, or what went wrong. */
static const char *round_trip(const char *path)
{
	struct blkzone_image_geometry g = img_geo(NZ, ZS);
	static unsigned char buf[NZ * ZS];
	struct blkzone_dev *dev;
	int status[2] = { -1, -1 }, i, go[2];
	pid_t pids[2];
	const char *bad = NULL;

	g.max_open_zones = 2;
	unlink(path);
	if (blkzone_image_create(path, &g) || pipe(go))
		return "setup";
	for (i = 0; i < 2; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			close(go[1]);
			_exit(writer(path, 3 * i, go[0]));
		}
	}
	usleep(10000);
	close(go[1]);
	for (i = 0; i < 2; i++)
		if (pids[i] > 0)
			waitpid(pids[i], &status[i], 0);
	close(go[0]);
	for (i = 0; i < 2; i++)
		if (!WIFEXITED(status[i]) || WEXITSTATUS(status[i]))
			bad = "a write failed";
	if (blkzone_open(path, O_RDONLY, &dev))
		return "the image does not open";
	for (i = 0; i < NZ && !bad; i++)
		if (img_zone(dev, i, false).cond != BLKZONE_COND_FULL)
			bad = "a zone is not full";
	if (!bad && dev->ops->pread(dev, buf, sizeof(buf), 0) != sizeof(buf))
		bad = "read";
	for (i = 0; i < (int)sizeof(buf) && !bad; i++)
		if (buf[i] != i / ZS + 1)
			bad = "data out of place";
	blkzone_close(dev);
	return bad;
}

int main(void)
{
	struct img_env e;
	int r;

	img_env_init(&e);
	tap_plan(ROUNDS);
	for (r = 0; r < ROUNDS; r++) {
		const char *bad = round_trip(e.path);

		tap_ok(!bad, "round %d%s%s", r, bad ? ": " : "", bad ? bad : "");
	}
	img_env_cleanup(&e);
	return tap_done();
}
