// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl reads zone conditions and types by short name, long name (any
 * case) or number, alone or in comma-separated lists.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <libblkzone.h>

#include "parse.h"
#include "tap.h"

int main(void)
{
	const char *bad = NULL;
	unsigned int v = 0;
	uint64_t mask = 0;
	int badlen = 0;

	tap_plan(14);
	tap_ok(!zc_parse_value(ZC_COND, "em", &v) && v == BLKZONE_COND_EMPTY,
	       "em");
	tap_ok(!zc_parse_value(ZC_COND, "imp_open", &v) &&
	       v == BLKZONE_COND_IMP_OPEN, "imp_open");
	tap_ok(!zc_parse_value(ZC_COND, "ac", &v) && v == BLKZONE_COND_ACTIVE,
	       "ac");
	tap_ok(!zc_parse_value(ZC_COND, "0xd", &v) && v == BLKZONE_COND_READONLY,
	       "0xd");
	tap_ok(!zc_parse_value(ZC_COND, "9", &v) && v == 9, "9");
	tap_eq_int(zc_parse_value(ZC_COND, "256", &v), -EINVAL, "256");
	tap_eq_int(zc_parse_value(ZC_COND, "unknown", &v), -EINVAL, "unknown");
	tap_eq_int(zc_parse_value(ZC_COND, "swr", &v), -EINVAL,
		   "a type is not a condition");
	tap_ok(!zc_parse_value(ZC_TYPE, "SWR", &v) &&
	       v == BLKZONE_TYPE_SEQWRITE_REQ, "SWR");
	tap_ok(!zc_parse_value(ZC_TYPE, "conventional", &v) &&
	       v == BLKZONE_TYPE_CONVENTIONAL, "conventional");

	tap_ok(!zc_parse_mask(ZC_COND, "em,FULL,3", &mask, &bad, &badlen) &&
	       mask == (BLKZONE_COND_BIT(BLKZONE_COND_EMPTY) |
			BLKZONE_COND_BIT(BLKZONE_COND_FULL) |
			BLKZONE_COND_BIT(BLKZONE_COND_EXP_OPEN)),
	       "condition list");
	tap_ok(!zc_parse_mask(ZC_TYPE, "cnv,swp", &mask, &bad, &badlen) &&
	       mask == (BLKZONE_TYPE_BIT(BLKZONE_TYPE_CONVENTIONAL) |
			BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_PREF)),
	       "type list");
	tap_ok(zc_parse_mask(ZC_COND, "em,xx,fu", &mask, &bad, &badlen) ==
	       -EINVAL && badlen == 2 && !strncmp(bad, "xx", 2),
	       "bad item is named");
	tap_eq_int(zc_parse_mask(ZC_COND, "em,", &mask, &bad, &badlen), -EINVAL,
		   "empty item");
	return tap_done();
}
