// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * with-loop SIZE COMMAND [ARG...]: runs COMMAND with LOOPDEV set to a fresh
 * loop device of SIZE bytes, then removes the device.  Exits 77 when no
 * loop device can be made, else with COMMAND's status.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "loop.h"

int main(int argc, char **argv)
{
	struct loopdev ld;
	unsigned long long size;
	char *end;
	pid_t pid;
	int ret, status;

	if (argc < 3) {
		fprintf(stderr, "usage: with-loop SIZE COMMAND [ARG...]\n");
		return 2;
	}
	size = strtoull(argv[1], &end, 10);
	if (*end || !size) {
		fprintf(stderr, "with-loop: bad size '%s'\n", argv[1]);
		return 2;
	}
	ret = loop_create(size, &ld);
	if (ret) {
		fprintf(stderr, "with-loop: no loop device: %s\n",
			strerror(-ret));
		return 77;
	}
	setenv("LOOPDEV", ld.path, 1);

	pid = fork();
	if (pid < 0) {
		perror("with-loop: fork");
		loop_destroy(&ld);
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror("with-loop: exec");
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	loop_destroy(&ld);
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}
