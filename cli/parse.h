/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ZONECTL_PARSE_H
#define ZONECTL_PARSE_H

#include <stdint.h>

/*
 * A size, read as util-linux's strtosize() reads it (see parse.c): a
 * number without a unit counts 512-byte sectors (as in blkzone), a number
 * with a unit counts bytes.  Returns 0, -EINVAL, -ERANGE, or -EDOM for a
 * hexadecimal number followed by anything (it takes no unit).
 */
int zc_parse_size(const char *s, uint64_t *bytes);

/* A decimal or 0x-prefixed hexadecimal number. */
int zc_parse_u64(const char *s, uint64_t *val);

enum zc_value_kind {
	ZC_COND,
	ZC_TYPE,
};

/*
 * A zone condition or type: its short name, its long name (any case) or
 * its number.  Returns 0 or -EINVAL.
 */
int zc_parse_value(enum zc_value_kind kind, const char *s, unsigned int *val);

/*
 * A comma-separated list of values, as a BLKZONE_COND_BIT() or
 * BLKZONE_TYPE_BIT() mask.  On -EINVAL, *bad points at the faulty item
 * and *badlen is its length.
 */
int zc_parse_mask(enum zc_value_kind kind, const char *s, uint64_t *mask,
		  const char **bad, int *badlen);

#endif /* ZONECTL_PARSE_H */
