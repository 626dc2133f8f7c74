/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ZONECTL_ZONE_MAP_H
#define ZONECTL_ZONE_MAP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <libblkzone.h>

#include "options.h"

/*
 * The zone map that map and watch draw: one cell per zone or per group of
 * consecutive zones, two characters each (the symbol of the most notable
 * condition among its zones and a fill digit), and the zones counted by
 * symbol.  Its memory is bounded by the cells, whatever the number of
 * zones.
 */
#define ZC_MAP_CELL_CHARS	2

/* The symbols, most notable first. */
enum zc_map_sym {
	ZC_SYM_OFFLINE,
	ZC_SYM_READONLY,
	ZC_SYM_UNKNOWN,
	ZC_SYM_EXP_OPEN,
	ZC_SYM_IMP_OPEN,
	ZC_SYM_ACTIVE,
	ZC_SYM_CLOSED,
	ZC_SYM_FULL,
	ZC_SYM_EMPTY,
	ZC_SYM_CONV,
	ZC_SYM_COUNT,
	ZC_SYM_NONE = ZC_SYM_COUNT,
};

struct zc_map_cell {
	enum zc_map_sym sym;
	uint64_t seq_cap;	/* capacity of the zones with a write pointer */
	uint64_t written;
};

struct zc_map {
	struct zc_map_cell *cells;
	uint64_t ncells;	/* allocated */
	uint64_t per_cell;	/* zones per cell */
	uint64_t zones;		/* zones in the last fill */
	uint64_t first;		/* index of its first zone */
	uint64_t count[ZC_SYM_COUNT];
	uint64_t seq_cap;	/* totals of the zones with a write pointer */
	uint64_t written;
	bool cached;		/* the last fill came from a cached report */
};

/* The zones of the range @o, from the geometry: sizes a map. */
uint64_t zc_map_range_zones(const struct blkzone_report_opts *o,
			    const struct blkzone_info *info);

/*
 * Sizes @m for about @zones zones in at most @max_cells cells.  Returns 0
 * or -ENOMEM.
 */
int zc_map_init(struct zc_map *m, uint64_t zones, uint64_t max_cells);
void zc_map_free(struct zc_map *m);

/*
 * Empties @m and fills it with the zones of the report @it, whose zones
 * are @zone_size bytes apart.  Returns 0 or the report's negative errno.
 */
int zc_map_fill(struct zc_map *m, struct blkzone_report_iter *it,
		uint64_t zone_size);

/* The cells of the last fill, @per_row to a row, each row ending in "\n". */
void zc_map_print(FILE *f, const struct zc_map *m, unsigned int per_row,
		  bool color);

/* The rows zc_map_print() prints. */
uint64_t zc_map_rows(const struct zc_map *m, unsigned int per_row);

/*
 * map's legend: each symbol drawn with its number of zones, one a line,
 * then what no cell shows, then what the fill digits mean.
 */
void zc_map_legend(FILE *f, const struct zc_map *m, bool color);

/*
 * The zones by condition on as few lines of at most @width columns as
 * they take ("  . empty 189   F full 40"), conditions with zones only.
 */
void zc_map_counts(FILE *f, const struct zc_map *m, unsigned int width,
		   bool color);

/* The options that choose colours, for a command's option table and help. */
#define ZC_MAP_COLOR_LONGOPTS						\
	{ "plain",	no_argument,	   NULL, ZC_OPT_PLAIN },	\
	{ "color",	no_argument,	   NULL, ZC_OPT_COLOR }

#define ZC_MAP_COLOR_HELP						\
	"     --plain            never use colours\n"			\
	"     --color            always use colours\n"

/*
 * Sets *@color to 0 for --plain, 1 for --color (option value @c); false
 * if @c is neither, *@color unchanged.
 */
bool zc_map_color_option(int c, int *color);

/*
 * Whether to colour: @forced if 0 or 1, else when standard output is a
 * terminal that can and NO_COLOR is unset or empty.
 */
bool zc_want_color(int forced);

#endif /* ZONECTL_ZONE_MAP_H */
