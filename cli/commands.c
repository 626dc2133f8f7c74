// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <string.h>

#include "zonectl.h"

/* In the order of zonectl --help. */
const struct zc_command *const zc_commands[] = {
	&zc_cmd_info,
	&zc_cmd_report,
	&zc_cmd_capacity,
	&zc_cmd_summary,
	&zc_cmd_map,
	&zc_cmd_watch,
	&zc_cmd_reset,
	&zc_cmd_open,
	&zc_cmd_close,
	&zc_cmd_finish,
	&zc_cmd_mkimage,
	&zc_cmd_dump,
	&zc_cmd_restore,
	&zc_cmd_metrics,
};

const unsigned int zc_ncommands = sizeof(zc_commands) / sizeof(zc_commands[0]);

const struct zc_command *zc_find_command(const char *name)
{
	unsigned int i;

	for (i = 0; i < zc_ncommands; i++)
		if (!strcmp(name, zc_commands[i]->name))
			return zc_commands[i];
	return NULL;
}
