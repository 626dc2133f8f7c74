// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "zonectl.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
};

static const struct command commands[] = {
	{ "info",	zc_cmd_info,	"show the zone model and geometry of a device" },
	{ "report",	zc_cmd_report,	"list the zones of a device" },
	{ "mkimage",	zc_cmd_mkimage,	"create a zone image (an emulated zoned device)" },
};

static void usage(void)
{
	size_t i;

	printf("Usage:\n"
	       " %s <command> [options] <device>\n"
	       "\n"
	       "Inspect the zones of a zoned block device.\n"
	       "\n"
	       "Commands:\n", zc_progname);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		printf(" %-8s %s\n", commands[i].name, commands[i].help);
	printf("\n"
	       "Options:\n"
	       " -h, --help     display this help\n"
	       " -V, --version  display version\n"
	       "\n"
	       "Run '%s <command> --help' for the options of a command.\n"
	       "For more details see zonectl(8).\n", zc_progname);
}

/* Output errors (a full disk, a closed pipe) must not pass as success. */
static int close_stdout(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		if (errno == EPIPE)
			return status;
		zc_errn(-errno ? -errno : -EIO, "write error");
		return ZC_EXIT_FAILURE;
	}
	return status;
}

int main(int argc, char **argv)
{
	const char *arg;
	size_t i;

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

	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(arg, commands[i].name))
			return close_stdout(commands[i].run(argc - 1, argv + 1));

	return zc_usage_error(NULL, "unknown command '%s'", arg);
}
