// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dump: a device's zones into a new zone image; restore: an image's zones
 * back onto a device of the same geometry.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "options.h"
#include "zonectl.h"

enum {
	OPT_DATA = ZC_OPT_NEXT,
};

struct copy {
	bool data;	/* dump --data */
	bool force;	/* restore --force */
	bool quiet;
};

static enum zc_parse copy_option(struct zc_ctl *ctl, int c, const char *arg)
{
	struct copy *cp = ctl->priv;

	(void)arg;
	if (c == OPT_DATA)
		cp->data = true;
	else if (c == 'f')
		cp->force = true;
	else
		cp->quiet = true;
	return ZC_PARSE_OK;
}

static uint32_t zone_count(struct blkzone_dev *dev)
{
	struct blkzone_info info;

	return blkzone_get_info(dev, &info) ? 0 : info.nr_zones;
}

static int dump_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	const struct copy *cp = ctl->priv;
	char msg[256];
	int ret;

	ret = blkzone_image_dump(dev, ctl->file,
				 cp->data ? BLKZONE_DUMP_DATA : 0, msg,
				 sizeof(msg));
	if (ret == -EEXIST)
		zc_errx("%s: already exists", ctl->file);
	else if (ret == -EOPNOTSUPP && *msg)
		zc_errx("%s: no zone image can hold it: %s", ctl->path, msg);
	else if (ret)
		zc_errn(ret, "%s: cannot dump into %s", ctl->path, ctl->file);
	if (ret)
		return ZC_EXIT_FAILURE;
	if (!cp->quiet)
		printf("%s: the %" PRIu32 " zones of %s%s\n", ctl->file,
		       zone_count(dev), ctl->path,
		       cp->data ? ", with their data" : "");
	return ZC_EXIT_OK;
}

static int restore_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	const struct copy *cp = ctl->priv;
	struct blkzone_dev *src;
	char msg[256];
	int ret;

	if (zc_open(ctl->file, O_RDONLY, &src))
		return ZC_EXIT_FAILURE;
	ret = blkzone_image_restore(src, dev,
				    cp->force ? BLKZONE_RESTORE_FORCE : 0, msg,
				    sizeof(msg));
	blkzone_close(src);
	if (ret == -EINVAL && *msg)
		zc_errx("%s: not the geometry of %s: %s", ctl->path, ctl->file,
			msg);
	else if (ret == -EBUSY && *msg)
		zc_errx("%s: %s (--force resets every zone first)", ctl->path,
			msg);
	else if (ret)
		zc_errn(ret, "%s: cannot restore %s", ctl->path, ctl->file);
	if (ret)
		return ZC_EXIT_FAILURE;
	if (!cp->quiet)
		printf("%s: the %" PRIu32 " zones of %s\n", ctl->path,
		       zone_count(dev), ctl->file);
	return ZC_EXIT_OK;
}

static const struct option dump_longopts[] = {
	{ "data",	no_argument, NULL, OPT_DATA },
	{ "quiet",	no_argument, NULL, 'q' },
	{ NULL, 0, NULL, 0 }
};

static const struct option restore_longopts[] = {
	{ "force",	no_argument, NULL, 'f' },
	{ "quiet",	no_argument, NULL, 'q' },
	{ NULL, 0, NULL, 0 }
};

const struct zc_command zc_cmd_dump = {
	.name = "dump",
	.help = "capture a device's zones in a new zone image",
	.desc = "Write a new zone image with the geometry of the device and the\n"
		"condition and write pointer of each of its zones: a copy that\n"
		"zonectl and libblkzone open as a device.\n",
	.options_help =
		"     --data       the data too: sequential zones up to their\n"
		"                  write pointer, conventional zones whole\n"
		" -q, --quiet      do not say what was made\n",
	.notes = "The image must not exist; it is sparse, and appears complete or\n"
		 "not at all.\n",
	.shortopts = "q",
	.longopts = dump_longopts,
	.priv_size = sizeof(struct copy),
	.file_operand = "image",
	.option = copy_option,
	.run = dump_run,
};

const struct zc_command zc_cmd_restore = {
	.name = "restore",
	.help = "give a device the zones of a zone image",
	.desc = "Give the device the zones of the image (or of another device):\n"
		"each zone's condition, write pointer and data.  The device must\n"
		"have the same geometry and only empty zones.\n",
	.options_help =
		" -f, --force      restore onto zones that are not empty: reset\n"
		"                  every zone of the device first\n"
		" -q, --quiet      do not say what was done\n",
	.notes = "The device is opened exclusively.\n",
	.flags = ZC_CMD_REPLACES | ZC_CMD_DIRECT,
	.shortopts = "fq",
	.longopts = restore_longopts,
	.priv_size = sizeof(struct copy),
	.file_operand = "image",
	.file_first = true,
	.option = copy_option,
	.run = restore_run,
};
