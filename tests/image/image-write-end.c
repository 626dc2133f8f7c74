// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A write or read of a zone image whose range goes past the end of the
 * image is refused with -EINVAL before any I/O, as on any device, and
 * blkzone_image_create(3) says so: the paragraph of the page that speaks
 * of the end of the image names the error the call gives.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image-util.h"
#include "tap.h"

#define NR	3
#define ZS	65536ULL
#define END	(NR * ZS)

static unsigned char buf[2 * 4096];

/* The page's paragraphs (split at .PP) that mention the end of the image. */
static bool page_names(const char *path, const char *want, const char *not)
{
	static char text[65536];
	char *para, *next;
	bool found = false, ok = true;
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return false;
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = 0;
	for (para = text; para; para = next) {
		next = strstr(para, "\n.PP\n");
		if (next)
			*next++ = 0;
		if (!strstr(para, "end of the image"))
			continue;
		found = true;
		ok = ok && strstr(para, want) && !strstr(para, not);
	}
	return found && ok;
}

int main(void)
{
	struct blkzone_image_geometry g = img_geo(NR, ZS);
	const char *srcdir = getenv("top_srcdir");
	char page[4096];
	struct blkzone_dev *dev;
	struct img_env e;

	img_env_init(&e);
	tap_plan(12);
	g.model = BLKZONE_MODEL_HOST_AWARE;
	g.nr_conv_zones = 1;
	dev = img_make(e.path, &g);

	tap_eq_errno(blkzone_write(dev, END - 4096, buf, 8192), -EINVAL,
		     "write across the end");
	img_zone_is(dev, NR - 1, BLKZONE_COND_EMPTY, 0, "nothing written");
	tap_eq_errno(blkzone_write(dev, END, buf, 4096), -EINVAL,
		     "write at the end");
	tap_eq_errno(blkzone_write(dev, END + ZS, buf, 4096), -EINVAL,
		     "write past the end");
	tap_eq_errno(blkzone_write(dev, END, buf, 0), 0,
		     "empty write at the end");
	tap_eq_errno(blkzone_read(dev, END - 4096, buf, 8192), -EINVAL,
		     "read across the end");
	tap_eq_errno(blkzone_read(dev, END, buf, 4096), -EINVAL,
		     "read at the end");
	img_zone_is(dev, NR - 1, BLKZONE_COND_EMPTY, 0, "still nothing");
	tap_eq_errno(blkzone_write(dev, END - 4096, buf, 4096), 4096,
		     "write of the last block");
	img_zone_is(dev, NR - 1, BLKZONE_COND_FULL, ZS, "the zone is full");
	tap_eq_errno(blkzone_read(dev, END - 8192, buf, 8192), 8192,
		     "read of the last two blocks");
	blkzone_close(dev);

	snprintf(page, sizeof(page), "%s/man/blkzone_image_create.3",
		 srcdir ? srcdir : ".");
	tap_ok(page_names(page, "\\-EINVAL", "\\-ENOSPC"),
	       "blkzone_image_create(3) gives -EINVAL for the end of the image");
	img_env_cleanup(&e);
	return tap_done();
}
