// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
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
