// SPDX-License-Identifier: GPL-2.0-or-later
/* zonectl sizes: plain numbers are 512-byte sectors, suffixes mean bytes. */
#include "config.h"

#include <errno.h>

#include "parse.h"
#include "tap.h"

static void check(const char *s, int ret, uint64_t bytes)
{
	uint64_t v = 0;
	int got = zc_parse_size(s, &v);

	if (ret)
		tap_ok(got == ret, "'%s': error %d, want %d", s, got, ret);
	else
		tap_ok(!got && v == bytes, "'%s': %d, %llu, want %llu", s, got,
		       (unsigned long long)v, (unsigned long long)bytes);
}

int main(void)
{
	tap_plan(25);
	check("0", 0, 0);
	check("8", 0, 4096);
	check("0x10", 0, 16 * 512);
	check("1K", 0, 1024);
	check("1k", 0, 1024);
	check("1KiB", 0, 1024);
	check("1KB", 0, 1000);
	check("4M", 0, 4ULL << 20);
	check("2GiB", 0, 2ULL << 30);
	check("3GB", 0, 3000000000ULL);
	check("1T", 0, 1ULL << 40);
	check("1E", 0, 1ULL << 60);
	check("4096B", 0, 4096);
	check("", -EINVAL, 0);
	check("-1", -EINVAL, 0);
	check(" 1", -EINVAL, 0);
	check("1X", -EINVAL, 0);
	check("1Kb", -EINVAL, 0);
	check("1.5M", -EINVAL, 0);
	check("16E", -ERANGE, 0);
	check("36028797018963968", -ERANGE, 0);
	check("99999999999999999999999", -ERANGE, 0);
	/* Leading zeros never make a number too large. */
	check("0000000000000000000000000000000000000000001K", 0, 1024);
	check("0x00000000000000000000000000000000000000010", 0, 16 * 512);
	check("0x0x10", -EINVAL, 0);
	return tap_done();
}
