// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-run.h"
#include "report.h"
#include "zonectl.h"

static char *slurp(FILE *f)
{
	size_t len = 0, cap = 4096, n;
	char *buf = malloc(cap);

	rewind(f);
	while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len - 1 == 0) {
			cap *= 2;
			buf = realloc(buf, cap);
		}
	}
	if (!buf)
		abort();
	buf[len] = '\0';
	return buf;
}

void cli_report(struct fake_dev *f, const char *args, struct cli_result *res)
{
	char *argv[64], *copy = strdup(args), *tok, *save = NULL;
	FILE *out = tmpfile(), *err = tmpfile();
	struct report_ctl ctl;
	struct blkzone_dev *dev;
	int argc = 0, saved_out, saved_err, ret;

	if (!copy || !out || !err)
		abort();
	argv[argc++] = "report";
	for (tok = strtok_r(copy, " ", &save); tok && argc < 62;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	argv[argc++] = "fake";
	argv[argc] = NULL;

	fflush(stdout);
	fflush(stderr);
	saved_out = dup(STDOUT_FILENO);
	saved_err = dup(STDERR_FILENO);
	dup2(fileno(out), STDOUT_FILENO);
	dup2(fileno(err), STDERR_FILENO);

	ret = zc_report_parse(argc, argv, &ctl);
	if (ret) {
		res->status = ret > 0 ? ZC_EXIT_OK : ZC_EXIT_FAILURE;
	} else if (fake_open(f, &dev)) {
		res->status = -1;
	} else {
		res->status = zc_report_run(&ctl, dev);
		blkzone_close(dev);
	}

	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, STDOUT_FILENO);
	dup2(saved_err, STDERR_FILENO);
	close(saved_out);
	close(saved_err);
	res->out = slurp(out);
	res->err = slurp(err);
	fclose(out);
	fclose(err);
	free(copy);
}

void cli_result_free(struct cli_result *res)
{
	free(res->out);
	free(res->err);
}

unsigned int cli_lines(const char *s)
{
	unsigned int n = 0;

	for (; *s; s++)
		if (*s == '\n')
			n++;
	return n;
}
