// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "blkzone-private.h"

int blkzone_sysfs_read_str(int dirfd, const char *name, char *buf, size_t size)
{
	ssize_t n;
	int fd, ret = 0;

	if (size < 2)
		return -EINVAL;
	fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	do {
		n = read(fd, buf, size - 1);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		ret = -errno;
	close(fd);
	if (ret)
		return ret;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

int blkzone_sysfs_read_u64(int dirfd, const char *name, uint64_t *val)
{
	char buf[32], *end;
	unsigned long long v;
	int ret;

	ret = blkzone_sysfs_read_str(dirfd, name, buf, sizeof(buf));
	if (ret)
		return ret;
	if (buf[0] < '0' || buf[0] > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(buf, &end, 10);
	if (errno || *end)
		return -EINVAL;
	*val = v;
	return 0;
}

/* Zones a report asks for at once where a call costs no disk command. */
#define SMALL_REPORT_BATCH	1024U

/*
 * Whether the disk of the slave @name (under @dir), a disk or a partition,
 * is a SCSI disk.
 */
static bool scsi_slave(int dir, const char *name)
{
	char path[NAME_MAX + 32];

	snprintf(path, sizeof(path), "%s/device/scsi_level", name);
	if (faccessat(dir, path, F_OK, 0) == 0)
		return true;
	/* A partition's disk is its parent. */
	snprintf(path, sizeof(path), "%s/../device/scsi_level", name);
	return faccessat(dir, path, F_OK, 0) == 0;
}

/* Whether the disk, or a disk device mapper maps it onto, is SCSI. */
static bool scsi_below(int disk_fd)
{
	struct dirent *d;
	bool found = false;
	DIR *slaves;
	int fd;

	if (faccessat(disk_fd, "device/scsi_level", F_OK, 0) == 0)
		return true;
	fd = openat(disk_fd, "slaves", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return false;
	slaves = fdopendir(fd);
	if (!slaves) {
		close(fd);
		return false;
	}
	while (!found && (d = readdir(slaves)))
		found = d->d_name[0] != '.' &&
			scsi_slave(dirfd(slaves), d->d_name);
	closedir(slaves);
	return found;
}

/*
 * A zone report of a SCSI disk (ZBC, and ZAC through libata) is a REPORT
 * ZONES command per call, sized for the call, which a spinning SMR disk
 * takes milliseconds to answer: such disks get the largest batch.  On the
 * others (null_blk, NVMe) a call costs microseconds, and the smaller batch
 * keeps a report's memory the same on every disk.
 */
uint32_t blkzone_sysfs_report_batch(int disk_fd)
{
	return scsi_below(disk_fd) ? BLKZONE_REPORT_BATCH : SMALL_REPORT_BATCH;
}
