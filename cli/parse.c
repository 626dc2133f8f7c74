// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <ctype.h>
#include <errno.h>
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

static int mul_overflows(uint64_t a, uint64_t b, uint64_t *res)
{
	if (b && a > UINT64_MAX / b)
		return 1;
	*res = a * b;
	return 0;
}

/* "K", "KiB" and "k" are powers of 1024, "KB" powers of 1000. */
static int suffix_factor(const char *sfx, uint64_t *factor)
{
	static const char units[] = "KMGTPE";
	const char *u;
	uint64_t base = 1024, f = 1;
	int i, power;

	if (!strcmp(sfx, "B")) {
		*factor = 1;
		return 0;
	}
	u = strchr(units, toupper((unsigned char)sfx[0]));
	if (!sfx[0] || !u)
		return -EINVAL;
	power = u - units + 1;
	if (!sfx[1] || !strcmp(sfx + 1, "iB"))
		base = 1024;
	else if (!strcmp(sfx + 1, "B"))
		base = 1000;
	else
		return -EINVAL;
	for (i = 0; i < power; i++)
		if (mul_overflows(f, base, &f))
			return -ERANGE;
	*factor = f;
	return 0;
}

int zc_parse_size(const char *s, uint64_t *bytes)
{
	char num[32];
	uint64_t v, factor;
	size_t n, pfx = 0, zeros = 0;
	int ret;

	if (!s)
		return -EINVAL;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		pfx = 2;
		n = 2 + strspn(s + 2, "0123456789abcdefABCDEF");
	} else {
		n = strspn(s, "0123456789");
	}
	/* Leading zeros do not make a number too large, as in zc_parse_u64. */
	while (pfx + zeros + 1 < n && s[pfx + zeros] == '0')
		zeros++;
	if (!n || n - zeros >= sizeof(num))
		return n ? -ERANGE : -EINVAL;
	memcpy(num, s, pfx);
	memcpy(num + pfx, s + pfx + zeros, n - pfx - zeros);
	num[n - zeros] = '\0';
	ret = zc_parse_u64(num, &v);
	if (ret)
		return ret;

	if (!s[n])
		factor = BLKZONE_SECTOR_SIZE;
	else if ((ret = suffix_factor(s + n, &factor)))
		return ret;
	if (mul_overflows(v, factor, bytes))
		return -ERANGE;
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
