// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "zone-map.h"

static const struct {
	char ch;
	const char *sgr;	/* ANSI colour */
	const char *what;	/* the legend's words */
	const char *name;	/* the counts' */
} syms[ZC_SYM_COUNT] = {
	[ZC_SYM_OFFLINE]  = { 'X', "1;37;41", "offline", "offline" },
	[ZC_SYM_READONLY] = { 'R', "31", "read-only", "read-only" },
	[ZC_SYM_UNKNOWN]  = { '?', "7", "unknown condition", "unknown" },
	[ZC_SYM_EXP_OPEN] = { 'O', "1;32", "explicitly open", "explicitly open" },
	[ZC_SYM_IMP_OPEN] = { 'o', "32", "implicitly open", "implicitly open" },
	[ZC_SYM_ACTIVE]	  = { 'a', "36", "active (open or closed, cached report)",
			      "active" },
	[ZC_SYM_CLOSED]	  = { 'c', "33", "closed", "closed" },
	[ZC_SYM_FULL]	  = { 'F', "34", "full", "full" },
	[ZC_SYM_EMPTY]	  = { '.', "2", "empty", "empty" },
	[ZC_SYM_CONV]	  = { 'C', "35", "conventional", "conventional" },
};

/* The order of the legend: the life of a zone, then the exceptions. */
static const enum zc_map_sym legend_order[ZC_SYM_COUNT] = {
	ZC_SYM_EMPTY, ZC_SYM_IMP_OPEN, ZC_SYM_EXP_OPEN, ZC_SYM_CLOSED,
	ZC_SYM_ACTIVE, ZC_SYM_FULL, ZC_SYM_CONV, ZC_SYM_READONLY,
	ZC_SYM_OFFLINE, ZC_SYM_UNKNOWN,
};

uint64_t zc_map_range_zones(const struct blkzone_report_opts *o,
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

int zc_map_init(struct zc_map *m, uint64_t zones, uint64_t max_cells)
{
	memset(m, 0, sizeof(*m));
	if (!zones)
		zones = 1;
	if (!max_cells)
		max_cells = 1;
	m->per_cell = (zones + max_cells - 1) / max_cells;
	m->ncells = (zones + m->per_cell - 1) / m->per_cell;
	m->cells = calloc(m->ncells, sizeof(*m->cells));
	return m->cells ? 0 : -ENOMEM;
}

void zc_map_free(struct zc_map *m)
{
	free(m->cells);
	m->cells = NULL;
}

static enum zc_map_sym zone_sym(const struct blkzone_zone *z)
{
	switch (z->cond) {
	case BLKZONE_COND_NOT_WP:
		return ZC_SYM_CONV;
	case BLKZONE_COND_EMPTY:
		return ZC_SYM_EMPTY;
	case BLKZONE_COND_IMP_OPEN:
		return ZC_SYM_IMP_OPEN;
	case BLKZONE_COND_EXP_OPEN:
		return ZC_SYM_EXP_OPEN;
	case BLKZONE_COND_CLOSED:
		return ZC_SYM_CLOSED;
	case BLKZONE_COND_ACTIVE:
		return ZC_SYM_ACTIVE;
	case BLKZONE_COND_FULL:
		return ZC_SYM_FULL;
	case BLKZONE_COND_READONLY:
		return ZC_SYM_READONLY;
	case BLKZONE_COND_OFFLINE:
		return ZC_SYM_OFFLINE;
	}
	return ZC_SYM_UNKNOWN;
}

/* A cell shows the most notable condition among its zones. */
static void cell_add(struct zc_map_cell *c, const struct blkzone_zone *z,
		     enum zc_map_sym s)
{
	if (s < c->sym)
		c->sym = s;
	if (zc_zone_has_wp(z)) {
		c->seq_cap += z->capacity;
		c->written += zc_zone_written(z);
	}
}

static void map_empty(struct zc_map *m)
{
	uint64_t i;

	for (i = 0; i < m->ncells; i++) {
		m->cells[i].sym = ZC_SYM_NONE;
		m->cells[i].seq_cap = 0;
		m->cells[i].written = 0;
	}
	memset(m->count, 0, sizeof(m->count));
	m->zones = m->first = m->seq_cap = m->written = 0;
}

int zc_map_fill(struct zc_map *m, struct blkzone_report_iter *it,
		uint64_t zone_size)
{
	struct blkzone_zone z;
	int ret;

	map_empty(m);
	m->cached = blkzone_report_was_cached(it);
	while ((ret = blkzone_report_next(it, &z)) > 0) {
		/* Should the device answer more zones, they go in the last cell. */
		uint64_t i = m->zones / m->per_cell;
		enum zc_map_sym s = zone_sym(&z);

		if (i >= m->ncells)
			i = m->ncells - 1;
		if (!m->zones)
			m->first = z.start / zone_size;
		cell_add(&m->cells[i], &z, s);
		m->count[s]++;
		m->zones++;
	}
	for (uint64_t i = 0; i < m->ncells; i++) {
		m->seq_cap += m->cells[i].seq_cap;
		m->written += m->cells[i].written;
	}
	return ret;
}

/*
 * The tenths of the capacity written, for cells that are partly written:
 * '0' (less than 10%) to '9'.  Untouched and completely written cells
 * (and cells without a write pointer) get a space: their symbol says it.
 */
static char cell_fill(const struct zc_map_cell *c)
{
	if (!c->seq_cap || !c->written || c->written >= c->seq_cap)
		return ' ';
	return '0' + (char)((double)c->written * 10 / (double)c->seq_cap);
}

static void put_cell(FILE *f, const struct zc_map_cell *c, bool color,
		     bool last)
{
	char fill = cell_fill(c);

	if (c->sym == ZC_SYM_NONE)
		return;
	if (color) {
		fprintf(f, "\033[%sm%c%c\033[0m", syms[c->sym].sgr,
			syms[c->sym].ch, fill);
		return;
	}
	fputc(syms[c->sym].ch, f);
	/* No trailing blank at the end of a row. */
	if (!last || fill != ' ')
		fputc(fill, f);
}

/* Cells past the last zone (a shorter answer) are left out. */
static uint64_t cells_used(const struct zc_map *m)
{
	uint64_t n = m->zones ? (m->zones - 1) / m->per_cell + 1 : 0;

	return n < m->ncells ? n : m->ncells;
}

uint64_t zc_map_rows(const struct zc_map *m, unsigned int per_row)
{
	return (cells_used(m) + per_row - 1) / per_row;
}

void zc_map_print(FILE *f, const struct zc_map *m, unsigned int per_row,
		  bool color)
{
	uint64_t i, n = cells_used(m);

	for (i = 0; i < n; i++) {
		bool last = (i + 1) % per_row == 0 || i + 1 == n;

		put_cell(f, &m->cells[i], color, last);
		if (last)
			fputc('\n', f);
	}
}

static void put_sym(FILE *f, enum zc_map_sym s, bool color)
{
	if (color)
		fprintf(f, "\033[%sm%c\033[0m", syms[s].sgr, syms[s].ch);
	else
		fputc(syms[s].ch, f);
}

/* " F  full: 3 zones", with the symbol in colour if @color. */
static void legend_line(FILE *f, enum zc_map_sym s, uint64_t zones,
			bool color)
{
	fputc(' ', f);
	put_sym(f, s, color);
	fprintf(f, "  %s: %" PRIu64 " zone%s\n", syms[s].what, zones,
		zones == 1 ? "" : "s");
}

/* Marks the symbols the cells show; true if a cell shows a fill digit. */
static bool mark_drawn(const struct zc_map *m, bool *drawn)
{
	uint64_t i, n = cells_used(m);
	bool partly = false;

	for (i = 0; i < n; i++) {
		if (m->cells[i].sym == ZC_SYM_NONE)
			continue;
		drawn[m->cells[i].sym] = true;
		if (cell_fill(&m->cells[i]) != ' ')
			partly = true;
	}
	return partly;
}

/*
 * The symbols that the map draws, each with the number of zones in its
 * condition; then the conditions that no cell shows (a cell shows the
 * most notable of its zones), so that every zone is accounted for.
 */
void zc_map_legend(FILE *f, const struct zc_map *m, bool color)
{
	const char *sep = " not drawn (in cells of more notable zones): ";
	bool drawn[ZC_SYM_COUNT] = { false };
	bool partly = mark_drawn(m, drawn);
	unsigned int i;

	fprintf(f, "Legend:\n");
	for (i = 0; i < ZC_SYM_COUNT; i++)
		if (drawn[legend_order[i]])
			legend_line(f, legend_order[i],
				    m->count[legend_order[i]], color);
	for (i = 0; i < ZC_SYM_COUNT; i++) {
		enum zc_map_sym s = legend_order[i];

		if (drawn[s] || !m->count[s])
			continue;
		fprintf(f, "%s%s: %" PRIu64 " zone%s", sep, syms[s].what,
			m->count[s], m->count[s] == 1 ? "" : "s");
		sep = ", ";
	}
	if (sep[0] == ',')
		fputc('\n', f);
	if (partly)
		fprintf(f, " 0-9 after a symbol: tenths of the capacity written\n");
}

void zc_map_counts(FILE *f, const struct zc_map *m, unsigned int width,
		   bool color)
{
	unsigned int i, col = 0;

	for (i = 0; i < ZC_SYM_COUNT; i++) {
		enum zc_map_sym s = legend_order[i];
		char text[64];
		int len;

		if (!m->count[s])
			continue;
		len = snprintf(text, sizeof(text), " %s %" PRIu64,
			       syms[s].name, m->count[s]);
		/* "  X" + text, and two blanks before the next. */
		if (col && col + 4 + (unsigned int)len > width) {
			fputc('\n', f);
			col = 0;
		}
		fputs(col ? "   " : " ", f);
		put_sym(f, s, color);
		fputs(text, f);
		col += (col ? 4 : 2) + (unsigned int)len;
	}
	fputc('\n', f);
}

bool zc_map_color_option(int c, int *color)
{
	if (c != ZC_OPT_PLAIN && c != ZC_OPT_COLOR)
		return false;
	*color = c == ZC_OPT_COLOR;
	return true;
}

/* https://no-color.org: set and not empty turns colours off. */
bool zc_want_color(int forced)
{
	const char *term = getenv("TERM"), *nc = getenv("NO_COLOR");

	if (forced >= 0)
		return forced;
	return isatty(STDOUT_FILENO) && term && *term &&
	       strcmp(term, "dumb") != 0 && !(nc && *nc);
}
