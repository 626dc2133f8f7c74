// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_image_dump(3) and blkzone_image_restore(3) on zone images: a
 * source in every zone condition, a conventional zone and a smaller last
 * zone; the dump's report equals the source's, with --data its data too;
 * a restore onto an empty copy of the geometry gives the same report and
 * data; and each refusal (another geometry, zones not empty, an existing
 * file) names what is wrong and changes nothing.
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

#define NR	8
#define ZS	65536ULL
#define LAST	16384ULL
#define CAP	49152ULL
#define SIZE	((NR - 1) * ZS + LAST)

static struct img_env e;

static char *path_of(const char *name)
{
	static char buf[4][128];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", e.dir, name);
	return buf[k];
}

static struct blkzone_image_geometry geometry(void)
{
	struct blkzone_image_geometry g = img_geo(NR, ZS);

	g.zone_capacity = CAP;
	g.nr_conv_zones = 1;
	g.max_open_zones = 3;
	g.max_active_zones = 5;
	g.last_zone_size = LAST;
	return g;
}

/* One zone in each condition, data of its own in each. */
static void seed(struct blkzone_dev *d)
{
	if (img_write(d, 0, 8192, 0x11) != 8192 ||		/* conventional */
	    img_write(d, ZS, CAP, 0x22) != (int64_t)CAP ||	/* full */
	    img_write(d, 2 * ZS, 8192, 0x33) != 8192 ||	/* implicitly open */
	    img_op(d, BLKZONE_OP_OPEN, 3 * ZS, ZS) ||		/* explicitly open */
	    img_write(d, 3 * ZS, 4096, 0x44) != 4096 ||
	    img_write(d, 4 * ZS, 12288, 0x55) != 12288 ||	/* closed */
	    img_op(d, BLKZONE_OP_CLOSE, 4 * ZS, ZS) ||
	    img_write(d, 5 * ZS, 4096, 0x66) != 4096 ||	/* finished */
	    img_op(d, BLKZONE_OP_FINISH, 5 * ZS, ZS) ||
	    img_write(d, 7 * ZS, 4096, 0x77) != 4096)		/* last, open */
		abort();
}

static bool same_report(struct blkzone_dev *a, struct blkzone_dev *b,
			const char *what)
{
	struct blkzone_report_opts opts = { 0 };
	struct blkzone_zone *za = NULL, *zb = NULL;
	int64_t na = blkzone_report_zones(a, &opts, &za);
	int64_t nb = blkzone_report_zones(b, &opts, &zb);
	bool ok = na == NR && nb == NR &&
		  !memcmp(za, zb, NR * sizeof(*za));

	if (!tap_ok(ok, "%s: the same report", what) && na == NR && nb == NR)
		for (int i = 0; i < NR; i++)
			tap_diag("zone %d: cond %u/%u wp %llu/%llu", i,
				 za[i].cond, zb[i].cond,
				 (unsigned long long)za[i].wp,
				 (unsigned long long)zb[i].wp);
	free(za);
	free(zb);
	return ok;
}

static bool same_data(struct blkzone_dev *a, struct blkzone_dev *b,
		      const char *what)
{
	static unsigned char x[SIZE], y[SIZE];

	return tap_ok(blkzone_read(a, 0, x, SIZE) == (int64_t)SIZE &&
		      blkzone_read(b, 0, y, SIZE) == (int64_t)SIZE &&
		      !memcmp(x, y, SIZE), "%s: the same data", what);
}

static void check_dump(struct blkzone_dev *src)
{
	char msg[256];
	struct blkzone_dev *d;
	unsigned char buf[4096];

	tap_eq_errno(blkzone_image_dump(src, path_of("states"), 0, msg,
					sizeof(msg)), 0, "dump");
	d = img_open(path_of("states"), O_RDONLY);
	same_report(src, d, "dump");
	tap_ok(blkzone_read(d, 2 * ZS, buf, 4096) == 4096 && !buf[0] &&
	       !memcmp(buf, buf + 1, 4095), "without --data, zeros");
	blkzone_close(d);

	tap_eq_errno(blkzone_image_dump(src, path_of("data"),
					BLKZONE_DUMP_DATA, msg, sizeof(msg)),
		     0, "dump with data");
	tap_eq_errno(blkzone_image_check(path_of("data"), msg, sizeof(msg)),
		     0, "the dump checks sound");
	d = img_open(path_of("data"), O_RDONLY);
	same_report(src, d, "dump with data");
	same_data(src, d, "dump with data");
	blkzone_close(d);

	tap_eq_errno(blkzone_image_dump(src, path_of("data"), 0, msg,
					sizeof(msg)), -EEXIST,
		     "dump onto an existing file refused");
	tap_eq_errno(blkzone_image_dump(src, path_of("x"), 2, msg, sizeof(msg)),
		     -EINVAL, "unknown flag refused");
}

static void check_restore(struct blkzone_dev *src)
{
	struct blkzone_image_geometry g = geometry();
	struct blkzone_dev *img = img_open(path_of("data"), O_RDONLY);
	struct blkzone_dev *dst = img_make(path_of("target"), &g);
	struct blkzone_dev *other;
	char msg[256];

	tap_eq_errno(blkzone_image_restore(img, dst, 0, msg, sizeof(msg)), 0,
		     "restore onto an empty device");
	same_report(src, dst, "restore");
	same_data(src, dst, "restore");

	tap_eq_errno(blkzone_image_restore(img, dst, 0, msg, sizeof(msg)),
		     -EBUSY, "restore onto zones not empty refused");
	tap_eq_str(msg, "zone 1 of the device is not empty (FULL)",
		   "...names the zone");
	same_report(src, dst, "after the refusal");
	tap_eq_errno(blkzone_image_restore(img, dst, BLKZONE_RESTORE_FORCE,
					   msg, sizeof(msg)), 0,
		     "--force: restore onto zones not empty");
	same_report(src, dst, "forced restore");
	same_data(src, dst, "forced restore");

	g.nr_zones = NR + 1;
	other = img_make(path_of("other"), &g);
	tap_eq_errno(blkzone_image_restore(img, other, 0, msg, sizeof(msg)),
		     -EINVAL, "restore onto another geometry refused");
	tap_eq_str(msg, "zones: 8 in the source, 9 on the device",
		   "...names the difference");
	tap_eq_int(img_zone(other, 2, false).cond, BLKZONE_COND_EMPTY,
		   "...and changes nothing");
	blkzone_close(other);
	g.nr_zones = NR;
	g.max_open_zones = 2;
	other = img_make(path_of("limits"), &g);
	tap_eq_errno(blkzone_image_restore(img, other, 0, msg, sizeof(msg)),
		     -EINVAL, "restore over the device's open limit refused");
	tap_eq_str(msg, "3 open zones in the source, the device allows 2",
		   "...names the limit");
	tap_eq_int(img_zone(other, 1, false).cond, BLKZONE_COND_EMPTY,
		   "...and changes nothing");
	blkzone_close(other);
	tap_eq_errno(blkzone_image_restore(img, img, 0, msg, sizeof(msg)),
		     -EINVAL, "restore onto itself refused");
	blkzone_close(dst);
	blkzone_close(img);
}

int main(void)
{
	struct blkzone_image_geometry g = geometry();
	struct blkzone_dev *src;

	img_env_init(&e);
	tap_plan(25);
	src = img_make(path_of("source"), &g);
	seed(src);
	check_dump(src);
	check_restore(src);
	blkzone_close(src);
	img_env_cleanup(&e);
	return tap_done();
}
