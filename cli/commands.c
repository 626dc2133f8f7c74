// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <string.h>

#include "zonectl.h"

const struct zc_command zc_commands[] = {
	{ "info",	zc_cmd_info,	"show the zone model and geometry of a device" },
	{ "report",	zc_cmd_report,	"list the zones of a device" },
	{ "capacity",	zc_cmd_capacity, "sum the capacities of zones" },
	{ "summary",	zc_cmd_summary,	"count zones and bytes per condition and type" },
	{ "map",	zc_cmd_map,	"draw the zones of a device in the terminal" },
	{ "reset",	zc_cmd_reset,	"reset the write pointers of zones" },
	{ "open",	zc_cmd_open,	"open zones explicitly" },
	{ "close",	zc_cmd_close,	"close open zones" },
	{ "finish",	zc_cmd_finish,	"finish zones (make them full)" },
	{ "mkimage",	zc_cmd_mkimage,	"create a zone image (an emulated zoned device)" },
};

const unsigned int zc_ncommands = sizeof(zc_commands) / sizeof(zc_commands[0]);

const struct zc_command *zc_find_command(const char *name)
{
	unsigned int i;

	for (i = 0; i < zc_ncommands; i++)
		if (!strcmp(name, zc_commands[i].name))
			return &zc_commands[i];
	return NULL;
}
