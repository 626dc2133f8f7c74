// SPDX-License-Identifier: GPL-2.0-or-later
/* Zone operations have names; other values are "unknown", never NULL. */
#include "config.h"

#include <libblkzone.h>

#include "tap.h"

int main(void)
{
	tap_plan(7);
	tap_eq_str(blkzone_op_name(BLKZONE_OP_RESET), "reset", "reset");
	tap_eq_str(blkzone_op_name(BLKZONE_OP_OPEN), "open", "open");
	tap_eq_str(blkzone_op_name(BLKZONE_OP_CLOSE), "close", "close");
	tap_eq_str(blkzone_op_name(BLKZONE_OP_FINISH), "finish", "finish");
	tap_eq_str(blkzone_op_name((enum blkzone_op)0), "unknown", "0");
	tap_eq_str(blkzone_op_name((enum blkzone_op)5), "unknown", "5");
	tap_eq_str(blkzone_op_name((enum blkzone_op)-1), "unknown", "-1");
	return tap_done();
}
