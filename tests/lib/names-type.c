// SPDX-License-Identifier: GPL-2.0-or-later
/* Zone type names, short and long, with unknown values named "unknown". */
#include "config.h"

#include <limits.h>

#include <libblkzone.h>

#include "tap.h"

int main(void)
{
	static const struct {
		unsigned int type;
		const char *abbrev, *name;
	} known[] = {
		{ BLKZONE_TYPE_CONVENTIONAL, "cnv", "CONVENTIONAL" },
		{ BLKZONE_TYPE_SEQWRITE_REQ, "swr", "SEQ_WRITE_REQUIRED" },
		{ BLKZONE_TYPE_SEQWRITE_PREF, "swp", "SEQ_WRITE_PREFERRED" },
	};
	static const unsigned int unknown[] = { 0, 4, 0x7f, 0xff, 0x100, UINT_MAX };
	unsigned int i;

	tap_plan(2 * (sizeof(known) / sizeof(known[0])) +
		 2 * (sizeof(unknown) / sizeof(unknown[0])));
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		tap_eq_str(blkzone_type_name(known[i].type, true),
			   known[i].abbrev, "short name");
		tap_eq_str(blkzone_type_name(known[i].type, false),
			   known[i].name, "long name");
	}
	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		tap_eq_str(blkzone_type_name(unknown[i], true), "unknown",
			   "short name of an unknown type");
		tap_eq_str(blkzone_type_name(unknown[i], false), "unknown",
			   "long name of an unknown type");
	}
	return tap_done();
}
