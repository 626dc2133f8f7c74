// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl sizes: util-linux's strtosize() grammar; plain numbers are
 * 512-byte sectors, numbers with a unit bytes.
 */
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
	static const struct { const char *s; int ret; uint64_t bytes; } t[] = {
		{ "0", 0, 0 },
		{ "8", 0, 4096 },
		{ "0x10", 0, 16 * 512 },
		{ "010", 0, 8 * 512 },		/* octal, as strtoumax() reads it */
		{ " 1", 0, 512 },
		{ "+1", 0, 512 },
		{ "1K", 0, 1024 },
		{ "1k", 0, 1024 },
		{ "1KiB", 0, 1024 },
		{ "1Kib", 0, 1024 },
		{ "1KB", 0, 1000 },
		{ "1kb", 0, 1000 },
		{ "1Kb", 0, 1000 },
		{ "4M", 0, 4ULL << 20 },
		{ "2GiB", 0, 2ULL << 30 },
		{ "3GB", 0, 3000000000ULL },
		{ "1T", 0, 1ULL << 40 },
		{ "1E", 0, 1ULL << 60 },
		{ "15EB", 0, 15000000000000000000ULL },
		{ "1.5M", 0, 3ULL << 19 },
		{ "1.M", 0, 1ULL << 20 },
		{ "0.7K", 0, 716 },
		{ "0.25G", 0, 1ULL << 28 },
		{ "1.05KB", 0, 1050 },
		{ "15.9999999999999999999999E", 0, UINT64_MAX },
		{ "0Z", 0, 0 },
		{ "0.0Y", 0, 0 },
		{ "0.00001Y", 0, 12089258196146291747ULL },	/* 2^80 / 10^5 */
		{ "0.000001ZB", 0, 1000000000000000ULL },
		{ "0.0001Y", -ERANGE, 0 },
		{ "0000000000000000000000000000000000000000001K", 0, 1024 },
		{ "0x00000000000000000000000000000000000000010", 0, 16 * 512 },
		{ "", -EINVAL, 0 },
		{ "-1", -EINVAL, 0 },
		{ " -1", -EINVAL, 0 },
		{ "1X", -EINVAL, 0 },
		{ "1B", -EINVAL, 0 },
		{ "4096B", -EINVAL, 0 },
		{ "1Ki", -EINVAL, 0 },
		{ "1iB", -EINVAL, 0 },
		{ "1.5", -EINVAL, 0 },
		{ "1.0", -EINVAL, 0 },
		{ "1.", -EINVAL, 0 },
		{ "1.5.5M", -EINVAL, 0 },
		{ "08", -EINVAL, 0 },
		{ "0x", -EINVAL, 0 },
		{ "0x0x10", -EDOM, 0 },
		{ "0x10K", -EDOM, 0 },
		{ "0x1.5K", -EDOM, 0 },
		{ "16E", -ERANGE, 0 },
		{ "1Z", -ERANGE, 0 },
		{ "0.5Z", -ERANGE, 0 },
		{ "36028797018963968", -ERANGE, 0 },
		{ "99999999999999999999999", -ERANGE, 0 },
	};
	unsigned int i;

	tap_plan(sizeof(t) / sizeof(t[0]));
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		check(t[i].s, t[i].ret, t[i].bytes);
	return tap_done();
}
