// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Files that are not block devices give -ENOTBLK: a regular file, a
 * directory, a character device and a FIFO (which must not block the open).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libblkzone.h>

#include "tap.h"

int main(void)
{
	char dir[] = "/tmp/blkzone-test-XXXXXX";
	char file[64], fifo[64];
	struct blkzone_dev *dev = NULL;
	int fd;

	if (!mkdtemp(dir))
		tap_skip_all("cannot make a temporary directory");
	snprintf(file, sizeof(file), "%s/file", dir);
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	fd = open(file, O_CREAT | O_WRONLY, 0600);
	if (fd < 0 || ftruncate(fd, 1 << 20) < 0 || mkfifo(fifo, 0600) < 0)
		tap_skip_all("cannot make test files");
	close(fd);

	tap_plan(6);
	tap_eq_int(blkzone_open(file, O_RDONLY, &dev), -ENOTBLK, "regular file");
	tap_eq_int(blkzone_open(file, O_RDWR, &dev), -ENOTBLK,
		   "regular file, read-write");
	tap_eq_int(blkzone_open(dir, O_RDONLY, &dev), -ENOTBLK, "directory");
	tap_eq_int(blkzone_open("/dev/null", O_RDONLY, &dev), -ENOTBLK,
		   "character device");
	tap_eq_int(blkzone_open(fifo, O_RDONLY, &dev), -ENOTBLK, "FIFO");
	tap_ok(dev == NULL, "no handle returned");

	unlink(file);
	unlink(fifo);
	rmdir(dir);
	return tap_done();
}
