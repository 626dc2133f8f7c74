// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

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

const char *zc_image_damage(const char *path, char *buf, size_t size)
{
	char msg[256];

	if (blkzone_image_check(path, msg, sizeof(msg)) != -EUCLEAN || !*msg)
		return NULL;
	snprintf(buf, size, "corrupt zone image: %s", msg);
	return buf;
}

/*
 * strerror() of @err; for -EUCLEAN, what blkzone_image_check() finds wrong
 * with the zone image zc_open() opened (damage shows when it is read).
 */
const char *zc_strerror(int err, char *buf, size_t size)
{
	const char *damage = NULL;

	if (err == -EUCLEAN && zc_opened_path)
		damage = zc_image_damage(zc_opened_path, buf, size);
	return damage ? damage : strerror(-err);
}

void zc_errn(int err, const char *fmt, ...)
{
	char buf[300];
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap, zc_strerror(err, buf, sizeof(buf)));
	va_end(ap);
}

enum zc_parse zc_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", zc_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (try '%s%s%s --help')\n", zc_progname,
		cmd ? " " : "", cmd ? cmd : "");
	return ZC_PARSE_ERROR;
}

enum zc_parse zc_option_error(const char *cmd, int c, char **argv)
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

const char *zc_human_size(char *buf, size_t size, uint64_t bytes,
			  bool spaced)
{
	static const char letters[] = "BKMGTPE";
	static const char *const names[] = {
		"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"
	};
	const char *dp = localeconv()->decimal_point;
	uint64_t unit, whole, tenths;
	int exp = 0;

	while (exp < 6 && bytes >> (10 * (exp + 1)))
		exp++;
	unit = 1ULL << (10 * exp);
	whole = bytes >> (10 * exp);
	/* The remainder is below 2^60: ten times it fits. */
	tenths = ((bytes & (unit - 1)) * 10 + unit / 2) >> (10 * exp);
	if (tenths == 10) {
		whole++;
		tenths = 0;
	}
	if (!exp)
		tenths = 0;
	snprintf(buf, size, "%" PRIu64 "%s%.*" PRIu64 "%s%.*s", whole,
		 tenths ? (dp && *dp ? dp : ".") : "", tenths ? 1 : 0, tenths,
		 spaced ? " " : "", spaced ? 10 : 1,
		 spaced ? names[exp] : &letters[exp]);
	return buf;
}

const char *zc_sectors_text(char *buf, size_t size, uint64_t bytes)
{
	char human[32];

	snprintf(buf, size, "%" PRIu64 " sector%s, %s", bytes >> 9,
		 bytes >> 9 == 1 ? "" : "s",
		 zc_human_size(human, sizeof(human), bytes, true));
	return buf;
}

unsigned int zc_terminal_width(void)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;
	long n;

	if (!isatty(STDOUT_FILENO))
		return 0;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col)
		return ws.ws_col;
	n = env ? strtol(env, NULL, 10) : 0;
	return n > 0 && n < 100000 ? (unsigned int)n : 80;
}
