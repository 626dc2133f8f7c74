// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Zone condition names, short and long, including the cached report's
 * "active"; reserved and out-of-range values are named "unknown".
 */
#include "config.h"

#include <limits.h>

#include <libblkzone.h>

#include "tap.h"

int main(void)
{
	static const struct {
		unsigned int cond;
		const char *abbrev, *name;
	} known[] = {
		{ BLKZONE_COND_NOT_WP, "nw", "NOT_WP" },
		{ BLKZONE_COND_EMPTY, "em", "EMPTY" },
		{ BLKZONE_COND_IMP_OPEN, "oi", "IMP_OPEN" },
		{ BLKZONE_COND_EXP_OPEN, "oe", "EXP_OPEN" },
		{ BLKZONE_COND_CLOSED, "cl", "CLOSED" },
		{ BLKZONE_COND_READONLY, "ro", "READONLY" },
		{ BLKZONE_COND_FULL, "fu", "FULL" },
		{ BLKZONE_COND_OFFLINE, "ol", "OFFLINE" },
		{ BLKZONE_COND_ACTIVE, "ac", "ACTIVE" },
	};
	static const unsigned int unknown[] = {
		0x5, 0x6, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC, 0x10, 0xFE, 0x100, UINT_MAX
	};
	unsigned int i;

	tap_plan(2 * (sizeof(known) / sizeof(known[0])) +
		 2 * (sizeof(unknown) / sizeof(unknown[0])));
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		tap_eq_str(blkzone_cond_name(known[i].cond, true),
			   known[i].abbrev, "short name");
		tap_eq_str(blkzone_cond_name(known[i].cond, false),
			   known[i].name, "long name");
	}
	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		tap_eq_str(blkzone_cond_name(unknown[i], true), "unknown",
			   "short name of a reserved condition");
		tap_eq_str(blkzone_cond_name(unknown[i], false), "unknown",
			   "long name of a reserved condition");
	}
	return tap_done();
}
