// SPDX-License-Identifier: LGPL-2.1-or-later
#include "config.h"

#include "blkzone-private.h"

/* Contract in libblkzone.h: the header's version, as this library saw it. */
unsigned int blkzone_version(void)
{
	return BLKZONE_VERSION;
}
