// SPDX-License-Identifier: GPL-2.0-or-later
/* Every zone model has its name, and values outside the enum are "unknown". */
#include "config.h"

#include <libblkzone.h>

#include "tap.h"

int main(void)
{
	tap_plan(6);
	tap_eq_str(blkzone_model_name(BLKZONE_MODEL_NONE), "none", "none");
	tap_eq_str(blkzone_model_name(BLKZONE_MODEL_HOST_AWARE), "host-aware",
		   "host-aware");
	tap_eq_str(blkzone_model_name(BLKZONE_MODEL_HOST_MANAGED),
		   "host-managed", "host-managed");
	tap_eq_str(blkzone_model_name(BLKZONE_MODEL_UNKNOWN), "unknown",
		   "unknown");
	tap_eq_str(blkzone_model_name((enum blkzone_model)4), "unknown",
		   "value 4");
	tap_eq_str(blkzone_model_name((enum blkzone_model)-1), "unknown",
		   "value -1");
	return tap_done();
}
