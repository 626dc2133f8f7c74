// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The driver of the commands: what every command does alike.  It builds
 * the option tables from the command's description, parses them into a
 * fresh struct zc_ctl, prints --help and --version, takes the operand and
 * opens it, then hands the device to the command.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "options.h"
#include "zonectl.h"

#define MAX_LONGOPTS	32

/* The options that commands share, and the flag that gives each. */
static const struct {
	unsigned int flag;
	const char *shortopts;
	struct option longopts[4];
} shared_options[] = {
	{ ZC_CMD_RANGE, "O:z:l:c:", {
		{ "offset",	required_argument, NULL, 'O' },
		{ "zone",	required_argument, NULL, 'z' },
		{ "length",	required_argument, NULL, 'l' },
		{ "count",	required_argument, NULL, 'c' } } },
	{ ZC_CMD_CACHED, "C", {
		{ "cached",	no_argument,	   NULL, 'C' } } },
	{ ZC_CMD_FILTER, "", {
		{ "cond",	required_argument, NULL, ZC_OPT_COND },
		{ "type",	required_argument, NULL, ZC_OPT_TYPE } } },
	{ ZC_CMD_JSON, "bJ", {
		{ "bytes",	no_argument,	   NULL, 'b' },
		{ "json",	no_argument,	   NULL, 'J' } } },
	{ ZC_CMD_TABLE, "rn", {
		{ "raw",	no_argument,	   NULL, 'r' },
		{ "noheadings",	no_argument,	   NULL, 'n' } } },
	{ ZC_CMD_WRITES, "f", {
		{ "force",	no_argument,	   NULL, 'f' } } },
};

#define NSHARED	(sizeof(shared_options) / sizeof(shared_options[0]))

static const struct option common_longopts[] = {
	{ "help",	no_argument,	   NULL, 'h' },
	{ "version",	no_argument,	   NULL, 'V' },
};

struct optset {
	char shortopts[64];
	struct option longopts[MAX_LONGOPTS];
	unsigned int nlong;
};

static void add_longopts(struct optset *o, const struct option *opts,
			 unsigned int max)
{
	unsigned int i;

	for (i = 0; i < max && opts[i].name && o->nlong < MAX_LONGOPTS - 1; i++)
		o->longopts[o->nlong++] = opts[i];
}

/* ':' first, so that getopt tells a missing argument from a bad option. */
static void build_options(const struct zc_command *cmd, struct optset *o)
{
	unsigned int i;

	memset(o, 0, sizeof(*o));
	strcpy(o->shortopts, ":");
	for (i = 0; i < NSHARED; i++) {
		if (!(cmd->flags & shared_options[i].flag))
			continue;
		strcat(o->shortopts, shared_options[i].shortopts);
		add_longopts(o, shared_options[i].longopts, 4);
	}
	if (cmd->shortopts)
		strcat(o->shortopts, cmd->shortopts);
	if (cmd->longopts)
		add_longopts(o, cmd->longopts, MAX_LONGOPTS);
	strcat(o->shortopts, "hV");
	add_longopts(o, common_longopts, 2);
}

/* The flag of the shared option @c, 0 for the command's own. */
static unsigned int shared_flag(int c)
{
	unsigned int i;

	for (i = 0; i < NSHARED; i++) {
		const struct option *lo = shared_options[i].longopts;
		unsigned int j;

		for (j = 0; j < 4 && lo[j].name; j++)
			if (lo[j].val == c)
				return shared_options[i].flag;
	}
	return 0;
}

/* The column where the command's option lines start their text. */
static int help_column(const char *options_help)
{
	const char *gap = strstr(options_help, "  ");

	return gap ? (int)(gap - options_help + strspn(gap, " ")) : 0;
}

/* The operands as the usage names them: "<device>", "<image> <device>". */
static const char *operands_text(const struct zc_command *cmd, char *buf,
				 size_t size)
{
	const char *dev = cmd->flags & ZC_CMD_CREATES ? "file" : "device";

	if (cmd->flags & ZC_CMD_DEVICES)
		snprintf(buf, size, "<%s>...", dev);
	else if (!cmd->file_operand)
		snprintf(buf, size, "<%s>", dev);
	else if (cmd->file_first)
		snprintf(buf, size, "<%s> <%s>", cmd->file_operand, dev);
	else
		snprintf(buf, size, "<%s> <%s>", dev, cmd->file_operand);
	return buf;
}

static void usage(const struct zc_command *cmd)
{
	int col = help_column(cmd->options_help) - 1;
	char ops[64];

	printf("Usage:\n"
	       " %s %s [options] %s\n"
	       "\n"
	       "%s"
	       "\n"
	       "Options:\n"
	       "%s"
	       " %-*s%s\n"
	       " %-*s%s\n"
	       "\n"
	       "%s"
	       "\n"
	       "For more details see zonectl(8).\n", zc_progname, cmd->name,
	       operands_text(cmd, ops, sizeof(ops)), cmd->desc,
	       cmd->options_help, col, "-h, --help", "display this help",
	       col, "-V, --version", "display version", cmd->notes);
}

static enum zc_parse shared_option(struct zc_ctl *ctl, int c, const char *arg)
{
	static const char switches[] = "bJrnf";
	bool *set[] = { &ctl->bytes, &ctl->json, &ctl->raw, &ctl->noheadings,
			&ctl->force };
	/* Long-only options are past the chars, where strchr() sees a NUL. */
	const char *s = c < ZC_OPT_COND ? strchr(switches, c) : NULL;

	if (!s)
		return zc_range_option(ctl, c, arg);
	*set[s - switches] = true;
	return ZC_PARSE_OK;
}

static enum zc_parse option(struct zc_ctl *ctl, int c, char **argv)
{
	const struct zc_command *cmd = ctl->cmd;

	switch (c) {
	case 'h':
		usage(cmd);
		return ZC_PARSE_DONE;
	case 'V':
		zc_print_version();
		return ZC_PARSE_DONE;
	case '?':
	case ':':
		return zc_option_error(cmd->name, c, argv);
	}
	if (cmd->flags & shared_flag(c))
		return shared_option(ctl, c, optarg);
	return cmd->option(ctl, c, optarg);
}

/*
 * The operands left after the options: the device (or mkimage's file),
 * and the file of commands that take one too, or every device of
 * commands that take several.
 */
static enum zc_parse operand(struct zc_ctl *ctl, int argc, char **argv)
{
	const struct zc_command *cmd = ctl->cmd;
	const char *what = cmd->flags & ZC_CMD_CREATES ? "file" : "device";
	int n = cmd->file_operand ? 2 : 1, dev = cmd->file_first;

	if (argc - optind < n) {
		/* Name the first one missing. */
		if (n == 2 && (argc - optind == 1) != cmd->file_first)
			what = cmd->file_operand;
		return zc_usage_error(cmd->name, "no %s specified", what);
	}
	if (cmd->flags & ZC_CMD_DEVICES) {
		ctl->paths = argv + optind;
		ctl->npaths = (unsigned int)(argc - optind);
		ctl->path = argv[optind];
		return ZC_PARSE_OK;
	}
	if (argc - optind > n)
		return zc_usage_error(cmd->name, "unexpected argument '%s'",
				      argv[optind + n]);
	ctl->path = argv[optind + (n == 2 ? dev : 0)];
	if (n == 2)
		ctl->file = argv[optind + !dev];
	return ZC_PARSE_OK;
}

static enum zc_parse parse(struct zc_ctl *ctl, int argc, char **argv)
{
	const struct zc_command *cmd = ctl->cmd;
	enum zc_parse ret;
	struct optset o;
	int c;

	build_options(cmd, &o);
	/* 0 restarts getopt from scratch, for callers that run commands twice. */
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, o.shortopts, o.longopts,
				NULL)) != -1) {
		ret = option(ctl, c, argv);
		if (ret != ZC_PARSE_OK)
			return ret;
	}
	if (ctl->json && ctl->raw)
		return zc_usage_error(cmd->name, "options --json and --raw are "
				      "mutually exclusive");
	ctl->format = ctl->json ? ZC_FORMAT_JSON :
		      ctl->raw ? ZC_FORMAT_RAW : ZC_FORMAT_TABLE;
	if (cmd->check) {
		ret = cmd->check(ctl);
		if (ret != ZC_PARSE_OK)
			return ret;
	}
	return operand(ctl, argc, argv);
}

static bool is_blkdev(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISBLK(st.st_mode);
}

/* Opens the operand as the command needs it and runs the command on it. */
static int run(struct zc_ctl *ctl)
{
	const struct zc_command *cmd = ctl->cmd;
	struct blkzone_dev *dev;
	int flags = O_RDONLY, ret;

	if (cmd->flags & (ZC_CMD_CREATES | ZC_CMD_DEVICES))
		return cmd->run(ctl, NULL);
	if (cmd->flags & ZC_CMD_WRITES)
		flags = O_RDWR | (ctl->force ? 0 : O_EXCL);
	if (cmd->flags & ZC_CMD_REPLACES)
		flags = O_RDWR | O_EXCL;
	/* Writes to a zoned disk's page cache would reach it out of order. */
	if ((cmd->flags & ZC_CMD_DIRECT) && is_blkdev(ctl->path))
		flags |= O_DIRECT;
	if (zc_open(ctl->path, flags, &dev))
		return ZC_EXIT_FAILURE;
	ret = cmd->run(ctl, dev);
	blkzone_close(dev);
	return ret;
}

int zc_run_command(struct zc_ctl *ctl, int argc, char **argv)
{
	const struct zc_command *cmd = zc_find_command(argv[0]);
	int status = ZC_EXIT_FAILURE;

	memset(ctl, 0, sizeof(*ctl));
	if (!cmd) {
		zc_usage_error(NULL, "unknown command '%s'", argv[0]);
		return ZC_EXIT_FAILURE;
	}
	ctl->cmd = cmd;
	if (cmd->priv_size) {
		ctl->priv = calloc(1, cmd->priv_size);
		if (!ctl->priv) {
			zc_errn(-ENOMEM, "%s", cmd->name);
			return ZC_EXIT_FAILURE;
		}
	}
	if (cmd->init)
		cmd->init(ctl);
	switch (parse(ctl, argc, argv)) {
	case ZC_PARSE_OK:
		status = run(ctl);
		break;
	case ZC_PARSE_DONE:
		status = ZC_EXIT_OK;
		break;
	case ZC_PARSE_ERROR:
		break;
	}
	free(ctl->priv);
	ctl->priv = NULL;
	return status;
}

static void main_usage(void)
{
	unsigned int i;

	printf("Usage:\n"
	       " %s <command> [options] <device>\n"
	       "\n"
	       "Inspect the zones of a zoned block device.\n"
	       "\n"
	       "Commands:\n", zc_progname);
	for (i = 0; i < zc_ncommands; i++)
		printf(" %-9s %s\n", zc_commands[i]->name, zc_commands[i]->help);
	printf("\n"
	       "Options:\n"
	       " -h, --help     display this help\n"
	       " -V, --version  display version\n"
	       "\n"
	       "Run '%s <command> --help' for the options of a command.\n"
	       "For more details see zonectl(8).\n", zc_progname);
}

int zc_main(struct zc_ctl *ctl, int argc, char **argv)
{
	const char *arg;

	memset(ctl, 0, sizeof(*ctl));
	if (argc < 2) {
		zc_usage_error(NULL, "no command specified");
		return ZC_EXIT_FAILURE;
	}
	arg = argv[1];
	if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
		main_usage();
		return ZC_EXIT_OK;
	}
	if (!strcmp(arg, "-V") || !strcmp(arg, "--version")) {
		zc_print_version();
		return ZC_EXIT_OK;
	}
	if (arg[0] == '-') {
		zc_usage_error(NULL, "unrecognized option '%s'", arg);
		return ZC_EXIT_FAILURE;
	}
	return zc_run_command(ctl, argc - 1, argv + 1);
}
