// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

static unsigned int planned, run, failed;

void tap_plan(unsigned int n)
{
	planned = n;
	printf("1..%u\n", n);
	fflush(stdout);
}

void tap_skip_all(const char *fmt, ...)
{
	va_list ap;

	printf("1..0 # SKIP ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	exit(0);
}

bool tap_ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	run++;
	if (!cond)
		failed++;
	printf("%sok %u - ", cond ? "" : "not ", run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

void tap_skip(unsigned int n, const char *reason)
{
	while (n--)
		printf("ok %u # SKIP %s\n", ++run, reason);
	fflush(stdout);
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

int tap_done(void)
{
	if (run != planned) {
		printf("# planned %u tests but ran %u\n", planned, run);
		return 1;
	}
	return failed ? 1 : 0;
}

int tap_end(void)
{
	printf("1..%u\n", run);
	fflush(stdout);
	return failed ? 1 : 0;
}

bool tap_streq(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

bool tap_eq_int(long long got, long long want, const char *what)
{
	return tap_ok(got == want, "%s: got %lld, want %lld", what, got, want);
}

bool tap_eq_u64(uint64_t got, uint64_t want, const char *what)
{
	return tap_ok(got == want, "%s: got %llu, want %llu", what,
		      (unsigned long long)got, (unsigned long long)want);
}

bool tap_eq_str(const char *got, const char *want, const char *what)
{
	return tap_ok(tap_streq(got, want), "%s: got \"%s\", want \"%s\"",
		      what, got ? got : "(null)", want);
}

bool tap_eq_errno(long long got, long long want, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (tap_ok(got == want, "%s", what))
		return true;
	tap_diag("got %lld (%s), expected %lld", got,
		 got < 0 && got > -4096 ? strerror((int)-got) : "-", want);
	return false;
}
