// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The zones a block device's report asks for at once follow its sysfs
 * node: BLKZONE_REPORT_BATCH for a SCSI disk, a partition of one, and a
 * device mapper device over one; 1024 for every other disk.  Checked on
 * sysfs trees made in a temporary folder.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blkzone-private.h"
#include "tap.h"

static char top[] = "/tmp/blkzone-sysfs-XXXXXX";

static void setup_failed(const char *what, const char *path)
{
	tap_skip_all("%s %s: %s", what, path, strerror(errno));
}

static void make_dir(const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	if (mkdir(path, 0755) && errno != EEXIST)
		setup_failed("mkdir", path);
}

static void make_file(const char *rel)
{
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		setup_failed("create", path);
	close(fd);
}

static void make_link(const char *target, const char *rel)
{
	char path[512], to[512];

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	snprintf(to, sizeof(to), "%s/%s", top, target);
	if (symlink(to, path))
		setup_failed("symlink", path);
}

static uint32_t batch_of(const char *rel)
{
	char path[512];
	uint32_t batch;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	fd = open(path, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return 0;
	batch = blkzone_sysfs_report_batch(fd);
	close(fd);
	return batch;
}

static int remove_one(const char *path, const struct stat *st, int type,
		      struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

int main(void)
{
	if (!mkdtemp(top))
		setup_failed("mkdtemp", top);
	/* sda: a SCSI disk with a partition; nvme0n1 and nullb0: not SCSI. */
	make_dir("sda");
	make_dir("sda/device");
	make_file("sda/device/scsi_level");
	make_dir("sda/sda1");
	make_dir("nvme0n1");
	make_dir("nvme0n1/device");
	make_dir("nullb0");
	/* dm-0 maps onto sda1, dm-1 onto nvme0n1 and nullb0. */
	make_dir("dm-0");
	make_dir("dm-0/slaves");
	make_link("sda/sda1", "dm-0/slaves/sda1");
	make_dir("dm-1");
	make_dir("dm-1/slaves");
	make_link("nvme0n1", "dm-1/slaves/nvme0n1");
	make_link("nullb0", "dm-1/slaves/nullb0");

	tap_plan(5);
	tap_eq_int(batch_of("sda"), BLKZONE_REPORT_BATCH, "a SCSI disk");
	tap_eq_int(batch_of("nvme0n1"), 1024, "an NVMe namespace");
	tap_eq_int(batch_of("nullb0"), 1024, "null_blk");
	tap_eq_int(batch_of("dm-0"), BLKZONE_REPORT_BATCH,
		   "device mapper over a SCSI disk's partition");
	tap_eq_int(batch_of("dm-1"), 1024,
		   "device mapper over NVMe and null_blk");
	if (nftw(top, remove_one, 8, FTW_DEPTH | FTW_PHYS))
		tap_diag("could not remove %s", top);
	return tap_done();
}
