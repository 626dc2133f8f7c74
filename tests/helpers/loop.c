// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <linux/blkpg.h>
#include <linux/loop.h>

#include "loop.h"

static int backing_file(uint64_t size)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/blkzone-test-XXXXXX",
		 dir && *dir ? dir : "/tmp");
	fd = mkstemp(path);
	if (fd < 0)
		return -errno;
	unlink(path);
	if (ftruncate(fd, (off_t)size) < 0) {
		int ret = -errno;

		close(fd);
		return ret;
	}
	return fd;
}

int loop_create(uint64_t size, struct loopdev *ld)
{
	struct loop_info64 info;
	int ctl, file, fd = -1, nr, tries, ret;

	ld->fd = -1;
	file = backing_file(size);
	if (file < 0)
		return file;
	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0) {
		ret = -errno;
		close(file);
		return ret;
	}

	/* Another process may take the free device first: try again. */
	ret = -EBUSY;
	for (tries = 0; tries < 32 && ret == -EBUSY; tries++) {
		nr = ioctl(ctl, LOOP_CTL_GET_FREE);
		if (nr < 0) {
			ret = -errno;
			break;
		}
		snprintf(ld->path, sizeof(ld->path), "/dev/loop%d", nr);
		fd = open(ld->path, O_RDWR | O_CLOEXEC);
		if (fd < 0) {
			ret = -errno;
			break;
		}
		if (ioctl(fd, LOOP_SET_FD, file) < 0) {
			ret = -errno;
			close(fd);
			fd = -1;
			continue;
		}
		ret = 0;
	}
	close(ctl);
	close(file);
	if (ret)
		return ret;

	memset(&info, 0, sizeof(info));
	info.lo_flags = LO_FLAGS_AUTOCLEAR | LO_FLAGS_PARTSCAN;
	if (ioctl(fd, LOOP_SET_STATUS64, &info) < 0) {
		ret = -errno;
		ioctl(fd, LOOP_CLR_FD, 0);
		close(fd);
		return ret;
	}
	ld->fd = fd;
	return 0;
}

int loop_add_partition(struct loopdev *ld, int partno, uint64_t start,
		       uint64_t len, char *path, size_t pathsize)
{
	struct blkpg_partition part = {
		.start = (long long)start,
		.length = (long long)len,
		.pno = partno,
	};
	struct blkpg_ioctl_arg arg = {
		.op = BLKPG_ADD_PARTITION,
		.datalen = sizeof(part),
		.data = &part,
	};
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	struct stat st;
	int i;

	if (ioctl(ld->fd, BLKPG, &arg) < 0)
		return -errno;
	snprintf(path, pathsize, "%sp%d", ld->path, partno);
	/* devtmpfs creates the node asynchronously. */
	for (i = 0; i < 300; i++) {
		if (stat(path, &st) == 0 && S_ISBLK(st.st_mode))
			return 0;
		nanosleep(&ts, NULL);
	}
	return -ETIMEDOUT;
}

void loop_destroy(struct loopdev *ld)
{
	if (ld->fd < 0)
		return;
	ioctl(ld->fd, LOOP_CLR_FD, 0);
	close(ld->fd);
	ld->fd = -1;
}
