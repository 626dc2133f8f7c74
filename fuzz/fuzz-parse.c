// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl's argument parsers on arbitrary strings: no crash, only the
 * documented errors, and the value a plain reference parser gives.
 *
 * Input: one byte choosing the parser (zc_parse_size, zc_parse_u64,
 * zc_parse_mask of conditions or of types), then the argument.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include <libblkzone.h>

#include "fuzz.h"
#include "parse.h"

/* Digits of @base only, at least one; false on overflow. */
static bool ref_number(const char *s, size_t n, unsigned int base,
		       uint64_t *val, bool *overflow)
{
	uint64_t v = 0;
	size_t i;

	*overflow = false;
	if (!n)
		return false;
	for (i = 0; i < n; i++) {
		int c = (unsigned char)s[i], d;

		if (isdigit(c))
			d = c - '0';
		else if (base == 16 && isxdigit(c))
			d = tolower(c) - 'a' + 10;
		else
			return false;
		if (v > (UINT64_MAX - d) / base)
			*overflow = true;
		v = v * base + d;
	}
	*val = v;
	return true;
}

/* zc_parse_u64's grammar: decimal digits, or 0x and hexadecimal digits. */
static int ref_u64(const char *s, uint64_t *val)
{
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X'), ovf;

	if (!ref_number(s + (hex ? 2 : 0), strlen(s) - (hex ? 2 : 0),
			hex ? 16 : 10, val, &ovf))
		return -EINVAL;
	return ovf ? -ERANGE : 0;
}

static void check_u64(const char *s)
{
	uint64_t got = 0, want = 0;
	int ret = zc_parse_u64(s, &got), ref = ref_u64(s, &want);

	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ERANGE,
		   "zc_parse_u64 gave %d", ret);
	FUZZ_CHECK(ret == ref, "zc_parse_u64(\"%s\") gave %d, want %d", s,
		   ret, ref);
	FUZZ_CHECK(ret || got == want, "zc_parse_u64(\"%s\") gave %llu, want "
		   "%llu", s, (unsigned long long)got,
		   (unsigned long long)want);
}

/*
 * The reference for sizes: strtoumax() for the number, as util-linux's
 * strtosize() does, then the unit and the fraction of zonectl(8), with
 * 128-bit arithmetic.
 */
static int ref_unit(const char *u, unsigned __int128 *factor)
{
	static const char units[] = "KMGTPEZY";
	const char *c = *u ? strchr(units, toupper((unsigned char)*u)) : NULL;
	unsigned __int128 f = 1;
	unsigned int base;
	int i;

	if (!c)
		return -EINVAL;
	if (!strcmp(u + 1, "") || !strcmp(u + 1, "iB") || !strcmp(u + 1, "ib"))
		base = 1024;
	else if (!strcmp(u + 1, "B") || !strcmp(u + 1, "b"))
		base = 1000;
	else
		return -EINVAL;
	for (i = 0; i <= c - units; i++)
		f *= base;		/* at most 1024^8 = 2^80 */
	*factor = f;
	return 0;
}

/* -1: the value is not checked (a fraction too long for 128 bits). */
static int ref_size(const char *s, uint64_t *val)
{
	const char *p = s, *frac = NULL, *q;
	unsigned __int128 f, v, num = 0, den = 1;
	uintmax_t x;
	char *end;
	bool hex;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '-' || !isdigit((unsigned char)p[*p == '+']))
		return -EINVAL;
	hex = p[*p == '+'] == '0' && tolower((unsigned char)p[(*p == '+') + 1]) == 'x' &&
	      isxdigit((unsigned char)p[(*p == '+') + 2]);
	errno = 0;
	x = strtoumax(s, &end, 0);
	if (errno == ERANGE)
		return -ERANGE;
	if (!*end) {
		if (x > UINT64_MAX / 512)
			return -ERANGE;
		*val = x * 512;
		return 0;
	}
	if (hex)
		return -EDOM;
	q = end;
	if (*q == '.') {
		frac = ++q;
		q += strspn(q, "0123456789");
	}
	if (ref_unit(q, &f))
		return -EINVAL;
	if (frac && q - frac > 18)
		return -1;
	for (; frac && frac < q; frac++) {
		num = num * 10 + (unsigned)(*frac - '0');
		den *= 10;
	}
	/* 18 digits times a Y unit (2^80) exceed 128 bits. */
	if (num && f > ~(unsigned __int128)0 / num)
		return -1;
	v = (unsigned __int128)x * f + num * f / den;
	if ((x && f > UINT64_MAX) || v > UINT64_MAX)
		return -ERANGE;
	*val = (uint64_t)v;
	return 0;
}

static void check_size(const char *s)
{
	uint64_t got = 0, want = 0;
	int ret = zc_parse_size(s, &got), ref = ref_size(s, &want);

	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ERANGE || ret == -EDOM,
		   "zc_parse_size gave %d", ret);
	if (ref == -1)
		return;
	FUZZ_CHECK(ret == ref, "zc_parse_size(\"%s\") gave %d, want %d", s,
		   ret, ref);
	FUZZ_CHECK(ret || got == want, "zc_parse_size(\"%s\") gave %llu, want "
		   "%llu", s, (unsigned long long)got, (unsigned long long)want);
}

static void check_mask(enum zc_value_kind kind, const char *s)
{
	const char *bad = NULL, *item;
	size_t slen = strlen(s);
	uint64_t mask = 0, want = 0;
	int badlen = -1, ret = zc_parse_mask(kind, s, &mask, &bad, &badlen);
	bool all_ok = true;
	char one[512];

	FUZZ_CHECK(ret == 0 || ret == -EINVAL, "zc_parse_mask gave %d", ret);
	/* Every item alone, to compare with the whole list. */
	for (item = s;; item += strcspn(item, ",") + 1) {
		size_t len = strcspn(item, ",");
		unsigned int v;

		if (len >= sizeof(one) ||
		    (memcpy(one, item, len), one[len] = 0,
		     zc_parse_value(kind, one, &v))) {
			all_ok = false;
			break;
		}
		want |= kind == ZC_COND ? BLKZONE_COND_BIT(v) :
					  BLKZONE_TYPE_BIT(v);
		if (!item[len])
			break;
	}
	if (!ret) {
		FUZZ_CHECK(all_ok && mask == want, "zc_parse_mask(\"%s\") gave "
			   "%#llx, want %#llx", s, (unsigned long long)mask,
			   (unsigned long long)want);
		return;
	}
	FUZZ_CHECK(!all_ok || slen >= sizeof(one),
		   "zc_parse_mask(\"%s\") refused a valid list", s);
	FUZZ_CHECK(bad >= s && badlen >= 0 && bad + badlen <= s + slen,
		   "zc_parse_mask(\"%s\"): bad item outside the string", s);
	FUZZ_CHECK(bad == s || bad[-1] == ',',
		   "zc_parse_mask(\"%s\"): bad item not at an item start", s);
	FUZZ_CHECK(bad[badlen] == ',' || !bad[badlen],
		   "zc_parse_mask(\"%s\"): bad item not a whole item", s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	if (!size)
		return 0;
	/* Exactly the argument's bytes, so that a read past the NUL shows. */
	s = malloc(size);
	if (!s)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = 0;
	switch (data[0] % 4) {
	case 0:
		check_size(s);
		break;
	case 1:
		check_u64(s);
		break;
	case 2:
		check_mask(ZC_COND, s);
		break;
	case 3:
		check_mask(ZC_TYPE, s);
		break;
	}
	free(s);
	return 0;
}
