// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hold-excl DEVICE CMD...: runs CMD while holding DEVICE open exclusively
 * with libblkzone, and exits with CMD's status.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libblkzone.h"

int main(int argc, char **argv)
{
	struct blkzone_dev *dev;
	int ret, status;
	pid_t pid;

	if (argc < 3) {
		fprintf(stderr, "usage: hold-excl DEVICE CMD...\n");
		return 2;
	}
	ret = blkzone_open(argv[1], O_RDWR | O_EXCL, &dev);
	if (ret) {
		fprintf(stderr, "hold-excl: %s: %s\n", argv[1], strerror(-ret));
		return 2;
	}
	pid = fork();
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0) {
		perror("hold-excl");
		return 2;
	}
	blkzone_close(dev);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}
