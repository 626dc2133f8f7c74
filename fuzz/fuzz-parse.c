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

/* The factor of a unit suffix, as zonectl(8) documents them. */
static int ref_factor(const char *sfx, uint64_t *factor)
{
	static const char units[] = "KMGTPE";
	const char *u;
	uint64_t f = 1, base;
	int i;

	if (!*sfx) {
		*factor = 512;
		return 0;
	}
	if (!strcmp(sfx, "B")) {
		*factor = 1;
		return 0;
	}
	u = strchr(units, toupper((unsigned char)sfx[0]));
	if (!u)
		return -EINVAL;
	if (!sfx[1] || !strcmp(sfx + 1, "iB"))
		base = 1024;
	else if (!strcmp(sfx + 1, "B"))
		base = 1000;
	else
		return -EINVAL;
	for (i = 0; i <= u - units; i++) {
		if (f > UINT64_MAX / base)
			return -ERANGE;
		f *= base;
	}
	*factor = f;
	return 0;
}

static void check_size(const char *s)
{
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	size_t n = hex ? 2 + strspn(s + 2, "0123456789abcdefABCDEF") :
			 strspn(s, "0123456789");
	uint64_t got = 0, v, factor;
	int ret = zc_parse_size(s, &got), ref;
	char *num;

	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ERANGE,
		   "zc_parse_size gave %d", ret);
	num = malloc(n + 1);
	FUZZ_CHECK(num, "malloc");
	memcpy(num, s, n);
	num[n] = 0;
	ref = ref_u64(num, &v);
	free(num);
	if (!ref)
		ref = ref_factor(s + n, &factor);
	if (!ref && factor && v > UINT64_MAX / factor)
		ref = -ERANGE;
	/*
	 * Numbers too long for zonectl's buffer are refused as out of range
	 * before the suffix is looked at: any refusal of an invalid string
	 * will do.
	 */
	FUZZ_CHECK(!ret == !ref, "zc_parse_size(\"%s\") gave %d, want %d", s,
		   ret, ref);
	if (ret)
		return;
	FUZZ_CHECK(got == v * factor, "zc_parse_size(\"%s\") gave %llu, want "
		   "%llu * %llu", s, (unsigned long long)got,
		   (unsigned long long)v, (unsigned long long)factor);
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
