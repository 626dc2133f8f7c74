// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <locale.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libblkzone.h>

#include "parse.h"

int zc_parse_u64(const char *s, uint64_t *val)
{
	unsigned long long v;
	char *end;
	int base = 10;

	if (!s || !isdigit((unsigned char)s[0]))
		return -EINVAL;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	/*
	 * Digits only: strtoull() would also take a second "0x" after the
	 * first, and a malformed number must not pass for one out of range.
	 */
	if (!s[0] || s[strspn(s, base == 16 ? "0123456789abcdefABCDEF" :
					     "0123456789")])
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, base);
	if (errno == ERANGE)
		return -ERANGE;
	if (errno || *end)
		return -EINVAL;
	*val = v;
	return 0;
}

/*
 * Sizes are read as util-linux's strtosize() reads them (blkzone(8) takes
 * its sizes through it):
 *
 *   [blanks][+]number[.fraction][unit]
 *
 * The number is decimal, octal after a leading 0, or hexadecimal after 0x.
 * The unit is one of KMGTPEZY (or kmgtpezy), alone or followed by iB or ib
 * for powers of 1024, by B or b for powers of 1000.  A fraction, after the
 * locale's decimal point, needs a unit.
 *
 * Two choices differ from util-linux, and only for strings it would read
 * surprisingly: a hexadecimal number takes no unit ("0x1000K" is refused
 * where util-linux reads 4096 KiB, and "0x1000B" stays the number 0x1000B),
 * and a fraction counts exactly, truncated to a whole byte (util-linux 2.38
 * adds its digits one by one and reads "0.7K" as 1024).
 */
struct number {
	uint64_t val;
	bool hex;
	const char *end;
};

static int digit_value(int c, unsigned int base)
{
	int d = isdigit(c) ? c - '0' : isxdigit(c) ? tolower(c) - 'a' + 10 : 99;

	return d < (int)base ? d : -1;
}

/* What strtoumax(s, &end, 0) reads, without a sign and without errno. */
static int read_number(const char *s, struct number *n)
{
	unsigned int base = 10;
	uint64_t v = 0;
	int d;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '+')
		s++;
	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	n->hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
		 isxdigit((unsigned char)s[2]);
	if (n->hex) {
		base = 16;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	for (; (d = digit_value((unsigned char)*s, base)) >= 0; s++) {
		if (v > (UINT64_MAX - d) / base)
			return -ERANGE;
		v = v * base + d;
	}
	n->val = v;
	n->end = s;
	return 0;
}

static int mul_overflows(uint64_t a, uint64_t b, uint64_t *res)
{
	if (b && a > UINT64_MAX / b)
		return 1;
	*res = a * b;
	return 0;
}

/* Z and Y units, 2^70 and 2^80 bytes, exceed 64 bits; their fractions do not. */
__extension__ typedef unsigned __int128 wide_t;

/* The factor of the unit at @p, which ends the string. */
static int unit_factor(const char *p, wide_t *factor)
{
	static const char upper[] = "KMGTPEZY", lower[] = "kmgtpezy";
	const char *u = *p ? strchr(upper, *p) : NULL;
	unsigned int base;
	wide_t f = 1;
	int power;

	if (u)
		power = (int)(u - upper) + 1;
	else if (*p && (u = strchr(lower, *p)))
		power = (int)(u - lower) + 1;
	else
		return -EINVAL;
	if (!p[1] || ((p[1] == 'i') && (p[2] == 'B' || p[2] == 'b') && !p[3]))
		base = 1024;
	else if ((p[1] == 'B' || p[1] == 'b') && !p[2])
		base = 1000;
	else
		return -EINVAL;
	while (power--)
		f *= base;
	*factor = f;
	return 0;
}

/* @factor times the decimal fraction of the digits [@from, @to), truncated. */
static wide_t fraction_of(wide_t factor, const char *from, const char *to)
{
	wide_t v = 0;

	/* v < factor <= 1000^8, so 10 * factor + v stays below 2^84. */
	while (to > from)
		v = ((wide_t)(*--to - '0') * factor + v) / 10;
	return v;
}

int zc_parse_size(const char *s, uint64_t *bytes)
{
	const char *dp = localeconv()->decimal_point, *frac = NULL, *p;
	size_t dplen = dp && *dp ? strlen(dp) : 0;
	struct number n;
	wide_t factor, v;
	int ret;

	if (!s)
		return -EINVAL;
	ret = read_number(s, &n);
	if (ret)
		return ret;
	p = n.end;
	if (!*p)
		return mul_overflows(n.val, BLKZONE_SECTOR_SIZE, bytes) ?
		       -ERANGE : 0;
	if (n.hex)
		return -EDOM;
	if (dplen && !strncmp(p, dp, dplen)) {
		frac = p + dplen;
		for (p = frac; isdigit((unsigned char)*p); p++)
			;
	}
	ret = unit_factor(p, &factor);
	if (ret)
		return ret;
	if (n.val && factor > UINT64_MAX)
		return -ERANGE;
	v = n.val * factor;
	if (frac)
		v += fraction_of(factor, frac, p);
	if (v > UINT64_MAX)
		return -ERANGE;
	*bytes = (uint64_t)v;
	return 0;
}

static bool name_matches(const char *s, size_t len, const char *name)
{
	return strlen(name) == len && !strncasecmp(s, name, len);
}

static int parse_value_n(enum zc_value_kind kind, const char *s, size_t len,
			 unsigned int *val)
{
	char num[16];
	uint64_t v;
	unsigned int i;

	if (!len)
		return -EINVAL;
	if (isdigit((unsigned char)s[0])) {
		if (len >= sizeof(num))
			return -EINVAL;
		memcpy(num, s, len);
		num[len] = '\0';
		if (zc_parse_u64(num, &v) || v > 0xFF)
			return -EINVAL;
		*val = v;
		return 0;
	}
	/* Raw values are one byte in the kernel's zone descriptor. */
	for (i = 0; i <= 0xFF; i++) {
		const char *abbrev, *name;

		if (kind == ZC_COND) {
			abbrev = blkzone_cond_name(i, true);
			name = blkzone_cond_name(i, false);
		} else {
			abbrev = blkzone_type_name(i, true);
			name = blkzone_type_name(i, false);
		}
		if (!strcmp(name, "unknown"))
			continue;
		if (name_matches(s, len, abbrev) || name_matches(s, len, name)) {
			*val = i;
			return 0;
		}
	}
	return -EINVAL;
}

int zc_parse_value(enum zc_value_kind kind, const char *s, unsigned int *val)
{
	if (!s)
		return -EINVAL;
	return parse_value_n(kind, s, strlen(s), val);
}

int zc_parse_mask(enum zc_value_kind kind, const char *s, uint64_t *mask,
		  const char **bad, int *badlen)
{
	uint64_t m = 0;
	unsigned int v;
	size_t len;

	if (!s)
		return -EINVAL;
	for (;;) {
		len = strcspn(s, ",");
		if (parse_value_n(kind, s, len, &v)) {
			*bad = s;
			*badlen = (int)len;
			return -EINVAL;
		}
		m |= kind == ZC_COND ? BLKZONE_COND_BIT(v) : BLKZONE_TYPE_BIT(v);
		if (!s[len])
			break;
		s += len + 1;
	}
	*mask = m;
	return 0;
}
