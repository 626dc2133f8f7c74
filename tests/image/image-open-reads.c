// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Opening a zone image reads its header, not its zone records: open, info,
 * a one-zone report and a one-block read of a 1Mi-zone image (64 MiB of
 * records) read a few KiB, counted by the kernel (rchar of /proc/self/io,
 * which counts every byte read(2) and pread(2) return).  The image has
 * open and active limits, whose counting needs every record, so that a
 * read that took the counting path would show.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image-util.h"
#include "tap.h"

#define NR	(1U << 20)
#define ZS	4096ULL
/* The header, a few record batches, the block read, /proc/self/io. */
#define BUDGET	(256 * 1024ULL)

/* Bytes this process has read so far, or aborts. */
static unsigned long long rchar(void)
{
	char buf[1024], *p;
	int fd = open("/proc/self/io", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		tap_skip_all("no /proc/self/io (task I/O accounting)");
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		abort();
	buf[n] = 0;
	p = strstr(buf, "rchar: ");
	if (!p)
		abort();
	return strtoull(p + 7, NULL, 10);
}

static bool within(unsigned long long before, const char *what)
{
	unsigned long long used = rchar() - before;

	return tap_ok(used < BUDGET, "%s: %llu bytes read (under %llu)", what,
		      used, BUDGET);
}

int main(void)
{
	struct blkzone_image_geometry g = img_geo(NR, ZS);
	struct blkzone_report_opts opts = { .offset = NR / 2 * ZS,
					    .max_zones = 1 };
	struct blkzone_zone *zones = NULL;
	struct blkzone_info info;
	struct blkzone_zone z;
	struct blkzone_dev *dev;
	unsigned long long r0;
	struct img_env e;
	static unsigned char buf[4096];

	img_env_init(&e);
	g.nr_conv_zones = 4;
	g.max_open_zones = 8;
	g.max_active_zones = 12;
	if (blkzone_image_create(e.path, &g))
		tap_skip_all("cannot create a 1Mi-zone image in %s", e.dir);
	tap_plan(8);

	r0 = rchar();
	tap_eq_errno(blkzone_open(e.path, O_RDONLY, &dev), 0, "open");
	within(r0, "open");
	tap_eq_errno(blkzone_get_info(dev, &info), 0, "get_info");
	within(r0, "open and get_info");
	tap_eq_errno(blkzone_report_zones(dev, &opts, &zones), 1,
		     "report of the middle zone");
	free(zones);
	tap_eq_errno(blkzone_zone_at(dev, (NR - 1) * ZS, 0, &z), 0,
		     "zone_at of the last zone");
	tap_eq_errno(blkzone_read(dev, NR / 2 * ZS, buf, sizeof(buf)), 4096,
		     "read of a block in the middle");
	blkzone_close(dev);
	within(r0, "all of them");
	img_env_cleanup(&e);
	return tap_done();
}
