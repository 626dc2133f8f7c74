// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "parse.h"
#include "options.h"
#include "zone-map.h"
#include "zonectl.h"

/*
 * The rows are bounded so that a whole disk fits on a screen and memory
 * stays the same whatever the number of zones.
 */
#define MAX_ROWS	32U
#define DEFAULT_WIDTH	80U
#define MIN_WIDTH	ZC_MAP_CELL_CHARS
#define MAX_WIDTH	1024U

/* What map adds to struct zc_ctl, as ctl->priv. */
struct map_ctl {
	unsigned int width;	/* 0: the terminal's */
	int color;		/* -1: when stdout is a colour terminal */
};

static void map_init(struct zc_ctl *ctl)
{
	struct map_ctl *mc = ctl->priv;

	mc->color = -1;
}

static enum zc_parse map_option(struct zc_ctl *ctl, int c, const char *arg)
{
	struct map_ctl *mc = ctl->priv;
	uint64_t width;

	if (zc_map_color_option(c, &mc->color))
		return ZC_PARSE_OK;
	switch (c) {
	case 'w':
		if (zc_parse_u64(arg, &width) || width < MIN_WIDTH ||
		    width > MAX_WIDTH)
			return zc_usage_error("map", "invalid width '%s' (%u to "
					      "%u columns)", arg, MIN_WIDTH,
					      MAX_WIDTH);
		mc->width = width;
		break;
	}
	return ZC_PARSE_OK;
}

static unsigned int terminal_width(void)
{
	struct winsize ws;

	if (isatty(STDOUT_FILENO) &&
	    ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col) {
		if (ws.ws_col > MAX_WIDTH)
			return MAX_WIDTH;
		return ws.ws_col < MIN_WIDTH ? MIN_WIDTH : ws.ws_col;
	}
	return DEFAULT_WIDTH;
}

static int map_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	const struct map_ctl *mc = ctl->priv;
	struct blkzone_report_iter *it;
	struct blkzone_info info;
	unsigned int per_row;
	struct zc_map m;
	bool color;
	int ret;

	if (zc_range_start(ctl, dev, &info, &it))
		return ZC_EXIT_FAILURE;
	per_row = (mc->width ? mc->width : terminal_width()) / ZC_MAP_CELL_CHARS;
	color = zc_want_color(mc->color);
	if (zc_map_init(&m, zc_map_range_zones(&ctl->range.opts, &info),
			(uint64_t)per_row * MAX_ROWS)) {
		zc_errx("cannot allocate the map");
		blkzone_report_end(it);
		return ZC_EXIT_FAILURE;
	}
	ret = zc_map_fill(&m, it, info.zone_size);
	blkzone_report_end(it);
	if (ret < 0) {
		zc_map_free(&m);
		return zc_report_error(ctl->path, ret);
	}
	/* Active cells only make sense knowing that the report was cached. */
	printf("%s: %" PRIu64 " zone%s from zone %" PRIu64 ", %" PRIu64
	       " zone%s per cell%s\n", ctl->path, m.zones,
	       m.zones == 1 ? "" : "s", m.first, m.per_cell,
	       m.per_cell == 1 ? "" : "s", m.cached ? ", cached report" : "");
	zc_map_print(stdout, &m, per_row, color);
	zc_map_legend(stdout, &m, color);
	zc_map_free(&m);
	return ZC_EXIT_OK;
}

static const struct option map_longopts[] = {
	{ "width",	required_argument, NULL, 'w' },
	ZC_MAP_COLOR_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

const struct zc_command zc_cmd_map = {
	.name = "map",
	.help = "draw the zones of a device in the terminal",
	.desc = "Draw the zones of a range in the terminal, one cell per zone or\n"
		"per group of consecutive zones.\n",
	.options_help =
		ZC_RANGE_HELP
		ZC_CACHED_HELP
		" -w, --width <number>   columns of the map (default: the terminal's)\n"
		ZC_MAP_COLOR_HELP,
	.notes = ZC_SIZE_HELP,
	.flags = ZC_CMD_RANGE | ZC_CMD_CACHED,
	.shortopts = "w:",
	.longopts = map_longopts,
	.priv_size = sizeof(struct map_ctl),
	.init = map_init,
	.option = map_option,
	.run = map_run,
};
