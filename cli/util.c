// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "zonectl.h"

const char *zc_progname = "zonectl";
const char *zc_opened_path;

static void __attribute__((format(printf, 1, 0)))
vmsg(const char *fmt, va_list ap, const char *tail)
{
	fprintf(stderr, "%s: ", zc_progname);
	vfprintf(stderr, fmt, ap);
	if (tail)
		fprintf(stderr, ": %s", tail);
	fputc('\n', stderr);
}

void zc_errx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap, NULL);
	va_end(ap);
}

/*
 * strerror() of @err; for -EUCLEAN, what blkzone_image_check() finds wrong
 * with the zone image zc_open() opened (damage shows when it is read).
 */
static const char *describe(int err, char *buf, size_t size)
{
	char msg[256];

	if (err == -EUCLEAN && zc_opened_path &&
	    blkzone_image_check(zc_opened_path, msg, sizeof(msg)) == -EUCLEAN &&
	    *msg) {
		snprintf(buf, size, "corrupt zone image: %s", msg);
		return buf;
	}
	return strerror(-err);
}

void zc_errn(int err, const char *fmt, ...)
{
	char buf[300];
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap, describe(err, buf, sizeof(buf)));
	va_end(ap);
}

int zc_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", zc_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (try '%s%s%s --help')\n", zc_progname,
		cmd ? " " : "", cmd ? cmd : "");
	return ZC_EXIT_FAILURE;
}

int zc_option_error(const char *cmd, int c, char **argv)
{
	extern int optind, optopt;
	const char *arg = argv[optind - 1];
	int len;

	/* A long option is named as written, without any "=value". */
	if (!strncmp(arg, "--", 2)) {
		len = (int)strcspn(arg, "=");
		if (c == ':')
			return zc_usage_error(cmd, "option '%.*s' requires an argument",
					      len, arg);
		if (optopt)
			return zc_usage_error(cmd, "option '%.*s' takes no argument",
					      len, arg);
		return zc_usage_error(cmd, "unrecognized option '%.*s'", len,
				      arg);
	}
	if (c == ':')
		return zc_usage_error(cmd, "option '-%c' requires an argument",
				      optopt);
	return zc_usage_error(cmd, "invalid option '-%c'", optopt);
}

void zc_print_version(void)
{
	printf("%s from %s %s\n", zc_progname, PACKAGE_NAME, PACKAGE_VERSION);
}
