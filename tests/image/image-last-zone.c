// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A zone image whose last zone is smaller than the others, and of its own
 * capacity, as on disks whose capacity is not a multiple of the zone size:
 * the report, the device's capacity, writes up to and past the last zone's
 * capacity, finish and reset of that zone by its own size, reads at the
 * end, and the format version the header records (2 for such an image, 1
 * for one whose zones are all alike).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "image-util.h"
#include "tap.h"

#define NR	4
#define ZS	65536ULL
#define LAST	16384ULL
#define LCAP	12288ULL
#define START	((NR - 1) * ZS)

static unsigned char buf[LAST];

/* The format version in the header of @path, or 0. */
static unsigned int header_version(const char *path)
{
	unsigned char h[12];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = pread(fd, h, sizeof(h), 0);
	close(fd);
	if (n != (ssize_t)sizeof(h))
		return 0;
	return h[8] | h[9] << 8 | h[10] << 16 | (unsigned int)h[11] << 24;
}

static void check_geometry(struct blkzone_dev *dev)
{
	struct blkzone_info info;
	struct blkzone_zone z = img_zone(dev, NR - 1, false);

	tap_eq_u64(z.start, START, "last zone start");
	tap_eq_u64(z.len, LAST, "last zone length");
	tap_eq_u64(z.capacity, LCAP, "last zone capacity");
	z = img_zone(dev, NR - 2, false);
	tap_eq_u64(z.len, ZS, "other zones keep the zone size");
	tap_eq_errno(blkzone_get_info(dev, &info), 0, "get_info");
	tap_eq_u64(info.capacity, START + LAST, "device capacity");
	tap_eq_u64(info.nr_zones, NR, "zone count");
}

static void check_writes(struct blkzone_dev *dev)
{
	tap_eq_errno(img_write(dev, START, LCAP - 4096, 0xa5), LCAP - 4096,
		     "write below the last zone's capacity");
	img_zone_is(dev, NR - 1, BLKZONE_COND_IMP_OPEN, LCAP - 4096,
		    "last zone open after the write");
	tap_eq_errno(img_write(dev, START + LCAP - 4096, 8192, 0x5a), -EIO,
		     "write past the last zone's capacity refused");
	tap_eq_errno(img_write(dev, START + LCAP - 4096, 4096, 0x5a), 4096,
		     "write up to the last zone's capacity");
	/* The write pointer of a full zone is at its end, as the kernel's. */
	img_zone_is(dev, NR - 1, BLKZONE_COND_FULL, LAST,
		    "last zone full at its capacity");
	tap_eq_errno(blkzone_read(dev, START, buf, LAST), LAST,
		     "read the whole last zone");
	tap_ok(buf[0] == 0xa5 && buf[LCAP - 1] == 0x5a && !buf[LCAP] &&
	       !buf[LAST - 1], "data up to the capacity, zeros after");
	tap_eq_errno(blkzone_read(dev, START + LAST, buf, 4096), -EINVAL,
		     "read past the end refused");
}

static void check_ops(struct blkzone_dev *dev)
{
	tap_eq_errno(img_op(dev, BLKZONE_OP_RESET, START, LAST), 0,
		     "reset of the last zone by its own size");
	img_zone_is(dev, NR - 1, BLKZONE_COND_EMPTY, 0, "last zone empty");
	tap_eq_errno(img_op(dev, BLKZONE_OP_RESET, START, ZS), -EINVAL,
		     "reset past the end refused");
	tap_eq_errno(img_op(dev, BLKZONE_OP_FINISH, START, LAST), 0,
		     "finish of the last zone");
	img_zone_is(dev, NR - 1, BLKZONE_COND_FULL, LAST,
		    "last zone full after finish");
	tap_eq_errno(blkzone_zone_op_all(dev, BLKZONE_OP_RESET), 0,
		     "reset of all zones");
	img_zone_is(dev, NR - 1, BLKZONE_COND_EMPTY, 0,
		    "last zone empty after reset all");
}

/* A version 2 image cut short names its last zone. */
static void check_truncated(const char *path)
{
	char msg[256], want[256];
	struct stat st;

	if (stat(path, &st) || truncate(path, st.st_size - 4096))
		abort();
	snprintf(want, sizeof(want), "truncated at byte %lld: %d zones of "
		 "%llu bytes, the last of %llu, need %lld bytes",
		 (long long)st.st_size - 4096, NR, ZS, LAST,
		 (long long)st.st_size);
	tap_eq_errno(blkzone_image_check(path, msg, sizeof(msg)), -EUCLEAN,
		     "check of a truncated version 2 image");
	tap_eq_str(msg, want, "...names the last zone");
}

int main(void)
{
	struct blkzone_image_geometry g = img_geo(NR, ZS);
	struct blkzone_dev *dev;
	struct img_env e;
	char msg[256];

	img_env_init(&e);
	tap_plan(29);

	g.last_zone_size = LAST;
	g.last_zone_capacity = LCAP;
	dev = img_make(e.path, &g);
	tap_eq_int(header_version(e.path), 2, "a smaller last zone: version 2");
	check_geometry(dev);
	check_writes(dev);
	check_ops(dev);
	blkzone_close(dev);
	tap_eq_errno(blkzone_image_check(e.path, msg, sizeof(msg)), 0,
		     "image check");
	dev = img_open(e.path, O_RDONLY);
	tap_eq_u64(img_zone(dev, NR - 1, true).capacity, LCAP,
		   "reopened: last zone capacity kept");
	blkzone_close(dev);
	check_truncated(e.path);
	unlink(e.path);

	g.last_zone_capacity = 0;
	g.zone_capacity = 32768;
	dev = img_make(e.path, &g);
	tap_eq_u64(img_zone(dev, NR - 1, false).capacity, LAST,
		   "default last capacity: the zone capacity cut to the size");
	blkzone_close(dev);
	unlink(e.path);

	g.last_zone_size = ZS;
	g.last_zone_capacity = 32768;
	dev = img_make(e.path, &g);
	tap_eq_int(header_version(e.path), 1,
		   "zones all alike, stated explicitly: version 1");
	blkzone_close(dev);
	unlink(e.path);

	img_env_cleanup(&e);
	return tap_done();
}
