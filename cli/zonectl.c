// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "zonectl.h"

static void usage(void)
{
	unsigned int i;

	printf("Usage:\n"
	       " %s <command> [options] <device>\n"
	       "\n"
	       "Inspect the zones of a zoned block device.\n"
	       "\n"
	       "Commands:\n", zc_progname);
	for (i = 0; i < zc_ncommands; i++)
		printf(" %-9s %s\n", zc_commands[i].name, zc_commands[i].help);
	printf("\n"
	       "Options:\n"
	       " -h, --help     display this help\n"
	       " -V, --version  display version\n"
	       "\n"
	       "Run '%s <command> --help' for the options of a command.\n"
	       "For more details see zonectl(8).\n", zc_progname);
}

/*
 * Output errors (a full disk, a closed pipe) must not pass as success, and
 * are reported once, with the errno of the write that failed.
 */
static int close_stdout(int status)
{
	int err = 0;

	errno = 0;
	if (fflush(stdout) != 0)
		err = -errno;
	if (!err)
		err = zc_output_error();
	if (!err && ferror(stdout))
		err = -EIO;
	if (fclose(stdout) != 0 && !err)
		err = -errno;
	if (!err)
		return status;
	if (err == -EPIPE)
		return status;
	zc_errn(err, "write error");
	return ZC_EXIT_FAILURE;
}

int main(int argc, char **argv)
{
	const struct zc_command *cmd;
	const char *arg;

	setlocale(LC_ALL, "");

	if (argc < 2)
		return zc_usage_error(NULL, "no command specified");
	arg = argv[1];
	if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
		usage();
		return close_stdout(ZC_EXIT_OK);
	}
	if (!strcmp(arg, "-V") || !strcmp(arg, "--version")) {
		zc_print_version();
		return close_stdout(ZC_EXIT_OK);
	}
	if (arg[0] == '-')
		return zc_usage_error(NULL, "unrecognized option '%s'", arg);

	cmd = zc_find_command(arg);
	if (cmd)
		return close_stdout(cmd->run(argc - 1, argv + 1));

	return zc_usage_error(NULL, "unknown command '%s'", arg);
}
