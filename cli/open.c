// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Apart from the other helpers so that the host tests can link zonectl's
 * commands with an opener of their own that hands out fake devices.
 */
#include "config.h"

#include <errno.h>

#include "zonectl.h"

/* "corrupt zone image", and what is wrong with it when the check says. */
static void corrupt_image(const char *path)
{
	char buf[300];
	const char *damage = zc_image_damage(path, buf, sizeof(buf));

	zc_errx("%s: %s", path, damage ? damage : "corrupt zone image");
}

int zc_open(const char *path, int flags, struct blkzone_dev **devp)
{
	int ret = blkzone_open(path, flags, devp);

	switch (ret) {
	case 0:
		zc_opened_path = path;
		break;
	case -ENOTBLK:
		zc_errx("%s: not a block device or a zone image", path);
		break;
	case -EUCLEAN:
		corrupt_image(path);
		break;
	case -EBUSY:
		zc_errx("%s: busy: in use by the system or another program "
			"(--force skips the exclusive open)", path);
		break;
	case -ENODEV:
		zc_errx("%s: no sysfs entry for this device", path);
		break;
	default:
		zc_errn(ret, "cannot open %s", path);
		break;
	}
	return ret;
}
