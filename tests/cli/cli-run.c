// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-run.h"
#include "options.h"
#include "zonectl.h"

/* The device that zc_open() hands out, whatever the path. */
static struct fake_dev *current_fake;

/* Replaces cli/open.c: zonectl's commands open the fake device. */
int zc_open(const char *path, int flags, struct blkzone_dev **devp)
{
	(void)path;
	(void)flags;
	if (!current_fake) {
		zc_errx("%s: no fake device", path);
		return -1;
	}
	return fake_open(current_fake, devp);
}

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

static void run(struct fake_dev *f, const char *args, bool device,
		struct cli_result *res)
{
	char *argv[64], *copy = strdup(args), *tok, *save = NULL;
	FILE *out = tmpfile(), *err = tmpfile();
	struct zc_ctl ctl;
	int argc = 0, saved_out, saved_err;

	if (!copy || !out || !err)
		abort();
	for (tok = strtok_r(copy, " ", &save); tok && argc < 62;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	if (device)
		argv[argc++] = "fake";
	argv[argc] = NULL;

	fflush(stdout);
	fflush(stderr);
	saved_out = dup(STDOUT_FILENO);
	saved_err = dup(STDERR_FILENO);
	dup2(fileno(out), STDOUT_FILENO);
	dup2(fileno(err), STDERR_FILENO);

	current_fake = f;
	res->status = argc ? zc_run_command(&ctl, argc, argv) : -1;
	current_fake = NULL;

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

void cli_run(struct fake_dev *f, const char *args, struct cli_result *res)
{
	run(f, args, true, res);
}

void cli_run_argv(struct fake_dev *f, const char *args, struct cli_result *res)
{
	run(f, args, false, res);
}

void cli_report(struct fake_dev *f, const char *args, struct cli_result *res)
{
	char *cmd = malloc(strlen(args) + sizeof("report "));

	if (!cmd)
		abort();
	strcpy(cmd, "report ");
	strcat(cmd, args);
	cli_run(f, cmd, res);
	free(cmd);
}

bool cli_have_jq(void)
{
	const char *jq = getenv("JQ");

	return jq && *jq;
}

bool cli_jq(const char *doc, const char *filter)
{
	const char *jq = getenv("JQ");
	char path[] = "/tmp/blkzone-json-XXXXXX", cmd[1024];
	int fd = mkstemp(path);
	bool ok;

	if (fd < 0)
		return false;
	ok = write(fd, doc, strlen(doc)) == (ssize_t)strlen(doc);
	close(fd);
	snprintf(cmd, sizeof(cmd), "'%s' -e '%s' '%s' >/dev/null", jq, filter,
		 path);
	ok = ok && system(cmd) == 0;
	unlink(path);
	return ok;
}

void cli_result_free(struct cli_result *res)
{
	free(res->out);
	free(res->err);
}

static bool find_line(const char *out, const char *want, bool whole)
{
	size_t n = strlen(want);
	const char *p = out;

	for (p = out; (p = strstr(p, want)); p++)
		if ((p == out || p[-1] == '\n') &&
		    (p[n] == '\n' || (!whole && p[n] == ' ')))
			return true;
	return false;
}

bool cli_has_line(const char *out, const char *line)
{
	return find_line(out, line, true);
}

bool cli_has_line_prefix(const char *out, const char *prefix)
{
	return find_line(out, prefix, false);
}

bool cli_starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

unsigned int cli_lines(const char *s)
{
	unsigned int n = 0;

	for (; *s; s++)
		if (*s == '\n')
			n++;
	return n;
}
