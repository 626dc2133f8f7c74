// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LD_PRELOAD'ed into blkzone(8) by zonectl-size-blkzone.sh, so that blkzone
 * parses its --offset on a regular file: the file passes for a block
 * device of $SHIM_SECTORS sectors.  blkzone then says whether the offset
 * is below that size ("unable to determine zone size") or not ("offset is
 * greater than or equal to device size"), which tells its value.  No
 * ioctl reaches the kernel.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/fs.h>

int fstat(int fd, struct stat *st);
int ioctl(int fd, unsigned long req, ...);

int fstat(int fd, struct stat *st)
{
	int (*real)(int, struct stat *);
	int ret;

	*(void **)&real = dlsym(RTLD_NEXT, "fstat");
	ret = real ? real(fd, st) : -1;
	if (!ret && fd > 2)
		st->st_mode = (st->st_mode & ~S_IFMT) | S_IFBLK;
	return ret;
}

int ioctl(int fd, unsigned long req, ...)
{
	const char *sectors = getenv("SHIM_SECTORS");
	va_list ap;
	void *arg;

	(void)fd;
	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (req == BLKGETSIZE64 && sectors) {
		*(uint64_t *)arg = strtoull(sectors, NULL, 10) << 9;
		return 0;
	}
	if (req == BLKSSZGET) {
		*(int *)arg = 512;
		return 0;
	}
	errno = ENOTTY;
	return -1;
}
