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
#include "zonectl.h"

/*
 * Every cell is two characters: the symbol of its condition and its fill
 * digit (or a space).  The rows are bounded so that a whole disk fits on a
 * screen and memory stays the same whatever the number of zones.
 */
#define CELL_CHARS	2
#define MAX_ROWS	32U
#define DEFAULT_WIDTH	80U
#define MIN_WIDTH	CELL_CHARS
#define MAX_WIDTH	1024U

enum {
	OPT_PLAIN = ZC_OPT_NEXT,
	OPT_COLOR,
};

/*
 * The symbols, most notable first: a cell that stands for several zones
 * shows the most notable condition among them, so that one offline,
 * read-only or open zone is never hidden by its neighbours.
 */
enum sym {
	SYM_OFFLINE,
	SYM_READONLY,
	SYM_UNKNOWN,
	SYM_EXP_OPEN,
	SYM_IMP_OPEN,
	SYM_ACTIVE,
	SYM_CLOSED,
	SYM_FULL,
	SYM_EMPTY,
	SYM_CONV,
	SYM_COUNT,
	SYM_NONE = SYM_COUNT,
};

static const struct {
	char ch;
	const char *sgr;	/* ANSI colour */
	const char *what;
} syms[SYM_COUNT] = {
	[SYM_OFFLINE]	= { 'X', "1;37;41", "offline" },
	[SYM_READONLY]	= { 'R', "31",	    "read-only" },
	[SYM_UNKNOWN]	= { '?', "7",	    "unknown condition" },
	[SYM_EXP_OPEN]	= { 'O', "1;32",    "explicitly open" },
	[SYM_IMP_OPEN]	= { 'o', "32",	    "implicitly open" },
	[SYM_ACTIVE]	= { 'a', "36",	    "active (open or closed, cached report)" },
	[SYM_CLOSED]	= { 'c', "33",	    "closed" },
	[SYM_FULL]	= { 'F', "34",	    "full" },
	[SYM_EMPTY]	= { '.', "2",	    "empty" },
	[SYM_CONV]	= { 'C', "35",	    "conventional" },
};

/* The order of the legend: the life of a zone, then the exceptions. */
static const enum sym legend_order[SYM_COUNT] = {
	SYM_EMPTY, SYM_IMP_OPEN, SYM_EXP_OPEN, SYM_CLOSED, SYM_ACTIVE,
	SYM_FULL, SYM_CONV, SYM_READONLY, SYM_OFFLINE, SYM_UNKNOWN,
};

struct cell {
	enum sym sym;
	uint64_t seq_cap;	/* capacity of the zones with a write pointer */
	uint64_t written;
};

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

	switch (c) {
	case 'w':
		if (zc_parse_u64(arg, &width) || width < MIN_WIDTH ||
		    width > MAX_WIDTH)
			return zc_usage_error("map", "invalid width '%s' (%u to "
					      "%u columns)", arg, MIN_WIDTH,
					      MAX_WIDTH);
		mc->width = width;
		break;
	case OPT_PLAIN:
		mc->color = 0;
		break;
	case OPT_COLOR:
		mc->color = 1;
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

/* https://no-color.org: set and not empty turns colours off. */
static bool want_color(int forced)
{
	const char *term = getenv("TERM"), *nc = getenv("NO_COLOR");

	if (forced >= 0)
		return forced;
	return isatty(STDOUT_FILENO) && term && *term &&
	       strcmp(term, "dumb") != 0 && !(nc && *nc);
}

static enum sym zone_sym(const struct blkzone_zone *z)
{
	switch (z->cond) {
	case BLKZONE_COND_NOT_WP:
		return SYM_CONV;
	case BLKZONE_COND_EMPTY:
		return SYM_EMPTY;
	case BLKZONE_COND_IMP_OPEN:
		return SYM_IMP_OPEN;
	case BLKZONE_COND_EXP_OPEN:
		return SYM_EXP_OPEN;
	case BLKZONE_COND_CLOSED:
		return SYM_CLOSED;
	case BLKZONE_COND_ACTIVE:
		return SYM_ACTIVE;
	case BLKZONE_COND_FULL:
		return SYM_FULL;
	case BLKZONE_COND_READONLY:
		return SYM_READONLY;
	case BLKZONE_COND_OFFLINE:
		return SYM_OFFLINE;
	}
	return SYM_UNKNOWN;
}

static void cell_add(struct cell *c, const struct blkzone_zone *z)
{
	enum sym s = zone_sym(z);

	if (s < c->sym)
		c->sym = s;
	if (zc_zone_has_wp(z)) {
		c->seq_cap += z->capacity;
		c->written += zc_zone_written(z);
	}
}

/*
 * The tenths of the capacity written, for cells that are partly written:
 * '0' (less than 10%) to '9'.  Untouched and completely written cells
 * (and cells without a write pointer) get a space: their symbol says it.
 */
static char cell_fill(const struct cell *c)
{
	if (!c->seq_cap || !c->written || c->written >= c->seq_cap)
		return ' ';
	return '0' + (char)((double)c->written * 10 / (double)c->seq_cap);
}

/* Zones that overlap the range, from the geometry: sizes the cells. */
static uint64_t range_zones(const struct blkzone_report_opts *o,
			    const struct blkzone_info *info)
{
	uint64_t end = info->capacity, first, last, n;

	if (o->length && o->length < info->capacity - o->offset)
		end = o->offset + o->length;
	first = o->offset / info->zone_size;
	last = (end + info->zone_size - 1) / info->zone_size;
	n = last > first ? last - first : 1;
	if (o->max_zones && o->max_zones < n)
		n = o->max_zones;
	return n;
}

static void put_cell(const struct cell *c, bool color, bool last)
{
	char fill = cell_fill(c);

	if (c->sym == SYM_NONE)
		return;
	if (color) {
		printf("\033[%sm%c%c\033[0m", syms[c->sym].sgr,
		       syms[c->sym].ch, fill);
		return;
	}
	putchar(syms[c->sym].ch);
	/* No trailing blank at the end of a row. */
	if (!last || fill != ' ')
		putchar(fill);
}

static void print_map(const struct cell *cells, uint64_t ncells,
		      unsigned int per_row, bool color)
{
	uint64_t i;

	for (i = 0; i < ncells; i++) {
		bool last = (i + 1) % per_row == 0 || i + 1 == ncells;

		put_cell(&cells[i], color, last);
		if (last)
			putchar('\n');
	}
}

/* " F  full: 3 zones", with the symbol in colour if @color. */
static void legend_line(enum sym s, uint64_t zones, bool color)
{
	if (color)
		printf(" \033[%sm%c\033[0m ", syms[s].sgr, syms[s].ch);
	else
		printf(" %c ", syms[s].ch);
	printf(" %s: %" PRIu64 " zone%s\n", syms[s].what, zones,
	       zones == 1 ? "" : "s");
}

/*
 * The symbols that the map draws, each with the number of zones in its
 * condition; then the conditions that no cell shows (a cell shows the
 * most notable of its zones), so that every zone is accounted for.
 */
static void print_legend(const uint64_t *count, const bool *drawn,
			 bool partly, bool color)
{
	const char *sep = " not drawn (in cells of more notable zones): ";
	unsigned int i;

	printf("Legend:\n");
	for (i = 0; i < SYM_COUNT; i++)
		if (drawn[legend_order[i]])
			legend_line(legend_order[i], count[legend_order[i]],
				    color);
	for (i = 0; i < SYM_COUNT; i++) {
		enum sym s = legend_order[i];

		if (drawn[s] || !count[s])
			continue;
		printf("%s%s: %" PRIu64 " zone%s", sep, syms[s].what, count[s],
		       count[s] == 1 ? "" : "s");
		sep = ", ";
	}
	if (sep[0] == ',')
		putchar('\n');
	if (partly)
		printf(" 0-9 after a symbol: tenths of the capacity written\n");
}

/* Marks the symbols the cells show; true if a cell shows a fill digit. */
static bool mark_drawn(const struct cell *cells, uint64_t ncells, bool *drawn)
{
	bool partly = false;
	uint64_t i;

	for (i = 0; i < ncells; i++) {
		if (cells[i].sym == SYM_NONE)
			continue;
		drawn[cells[i].sym] = true;
		if (cell_fill(&cells[i]) != ' ')
			partly = true;
	}
	return partly;
}

static int map_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	const struct map_ctl *mc = ctl->priv;
	struct blkzone_report_iter *it;
	struct blkzone_info info;
	struct blkzone_zone z;
	uint64_t count[SYM_COUNT] = { 0 };
	bool drawn[SYM_COUNT] = { false };
	uint64_t est, per_cell, ncells, max_cells, i, n = 0, first = 0;
	unsigned int width, per_row;
	struct cell *cells;
	bool color, partly;
	int ret;

	if (zc_range_start(ctl, dev, &info, &it))
		return ZC_EXIT_FAILURE;

	width = mc->width ? mc->width : terminal_width();
	color = want_color(mc->color);
	per_row = width / CELL_CHARS;
	max_cells = (uint64_t)per_row * MAX_ROWS;
	est = range_zones(&ctl->range.opts, &info);
	per_cell = (est + max_cells - 1) / max_cells;
	ncells = (est + per_cell - 1) / per_cell;
	cells = calloc(ncells, sizeof(*cells));
	if (!cells) {
		zc_errx("cannot allocate the map");
		blkzone_report_end(it);
		return ZC_EXIT_FAILURE;
	}
	for (i = 0; i < ncells; i++)
		cells[i].sym = SYM_NONE;

	while ((ret = blkzone_report_next(it, &z)) > 0) {
		/* Should the device answer more zones, they go in the last cell. */
		i = n / per_cell < ncells ? n / per_cell : ncells - 1;
		if (!n)
			first = z.start / info.zone_size;
		cell_add(&cells[i], &z);
		count[zone_sym(&z)]++;
		n++;
	}
	if (ret < 0) {
		free(cells);
		blkzone_report_end(it);
		return zc_report_error(ctl->path, ret);
	}
	partly = mark_drawn(cells, ncells, drawn);

	/* Active cells only make sense knowing that the report was cached. */
	printf("%s: %" PRIu64 " zone%s from zone %" PRIu64 ", %" PRIu64
	       " zone%s per cell%s\n", ctl->path, n, n == 1 ? "" : "s", first,
	       per_cell, per_cell == 1 ? "" : "s",
	       blkzone_report_was_cached(it) ? ", cached report" : "");
	/* Cells past the last zone (a shorter answer) are left out. */
	if (n && (n - 1) / per_cell + 1 < ncells)
		ncells = (n - 1) / per_cell + 1;
	print_map(cells, n ? ncells : 0, per_row, color);
	print_legend(count, drawn, partly, color);
	free(cells);
	blkzone_report_end(it);
	return ZC_EXIT_OK;
}

static const struct option map_longopts[] = {
	{ "width",	required_argument, NULL, 'w' },
	{ "plain",	no_argument,	   NULL, OPT_PLAIN },
	{ "color",	no_argument,	   NULL, OPT_COLOR },
	{ NULL, 0, NULL, 0 }
};

const struct zc_command zc_cmd_map = {
	.name = "map",
	.help = "draw the zones of a device in the terminal",
	.desc = "Draw the zones of a range in the terminal, one cell per zone or\n"
		"per group of consecutive zones.\n",
	.options_help =
		ZC_RANGE_HELP
		" -w, --width <number>   columns of the map (default: the terminal's)\n"
		"     --plain            never use colours\n"
		"     --color            always use colours\n",
	.notes = ZC_SIZE_HELP,
	.flags = ZC_CMD_RANGE | ZC_CMD_CACHED,
	.shortopts = "w:",
	.longopts = map_longopts,
	.priv_size = sizeof(struct map_ctl),
	.init = map_init,
	.option = map_option,
	.run = map_run,
};
