// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rows given as values (zc_rows_add_values(): numbers formatted in place,
 * a cell that repeats the one above it copied) print byte for byte what
 * the same rows print as strings (zc_rows_add(), which
 * tests/cli/rows-match-scols holds to libsmartcols): in tables, raw output
 * and JSON, with headings or without, with wide numbers, texts that need
 * escapes, truncated columns, and values that repeat, come back and change.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"
#include "tap.h"

#define ROWS 600
#define COLS 6

static const uint64_t numbers[] = {
	0, 7, 9, 10, 99, 100, 4096, 99999, 100000, 123456789,
	10000000000000000000ULL, UINT64_MAX,
};

/* Plain names, and texts a table or raw output must escape or cut. */
static const char *const texts[] = {
	"", "em", "swr", "SEQ_WRITE_REQUIRED", "-", "0", "1",
	"two words", "back\\slash", "\\x41", "tab\there", "\xc3\xa9t\xc3\xa9",
	"a text longer than thirty-two bytes, printed whole",
};

struct layout {
	const char *name;
	int width[COLS];
	bool right[COLS];
	bool trunc[COLS];
};

static const struct layout layouts[] = {
	{ "numbers right, names left",
	  { 5, 8, 3, 7, 19, 1 }, { true, true, true, false, false, true },
	  { false, false, false, false, true, false } },
	{ "last column left",
	  { 1, 2, 9, 4, 3, 6 }, { true, false, true, true, false, false },
	  { false, false, false, false, false, false } },
	{ "narrow truncated names",
	  { 4, 4, 9, 9, 10, 12 }, { false, true, false, true, true, false },
	  { true, false, true, false, false, true } },
};

/* Draws value @r of column @c: repeats, returns and changes. */
static struct zc_rows_value value(unsigned int r, int c)
{
	unsigned int k = (r / (c + 1) + r * (unsigned int)c * 7) % 29;
	size_t nn = sizeof(numbers) / sizeof(numbers[0]);
	size_t nt = sizeof(texts) / sizeof(texts[0]);

	/* Column 0 keeps its value for runs of rows; the rest vary. */
	if (c == 0)
		k = (r / 50) % 29;
	if (k % 2)
		return (struct zc_rows_value){ .text = texts[k / 2 % nt] };
	return (struct zc_rows_value){ .num = numbers[k / 2 % nn] };
}

static void setup(struct zc_rows *rs, enum zc_format format,
		  const struct layout *l, bool noheadings, FILE *out)
{
	static const char *const names[COLS] = {
		"ZONE", "START", "LEN", "COND", "TYPE-NAME", "RESET",
	};
	int c;

	zc_rows_init(rs, format, "zones", out);
	rs->noheadings = noheadings;
	for (c = 0; c < COLS; c++) {
		zc_rows_add_column(rs, names[c], l->width[c], l->right[c],
				   c % 2 ? ZC_ROWS_STRING : ZC_ROWS_NUMBER);
		rs->cols[c].trunc = l->trunc[c];
	}
}

/* The rows through zc_rows_add_values() (@values) or zc_rows_add(). */
static char *print(enum zc_format format, const struct layout *l,
		   bool noheadings, bool values)
{
	struct zc_rows_value vals[COLS];
	const char *cells[COLS];
	char buf[COLS][32], *text = NULL;
	struct zc_rows rs;
	size_t size = 0;
	unsigned int r;
	FILE *out;
	int c, ret = 0;

	out = open_memstream(&text, &size);
	if (!out)
		return NULL;
	setup(&rs, format, l, noheadings, out);
	for (r = 0; r < ROWS && !ret; r++) {
		for (c = 0; c < COLS; c++) {
			vals[c] = value(r, c);
			snprintf(buf[c], sizeof(buf[c]), "%" PRIu64, vals[c].num);
			cells[c] = vals[c].text ? vals[c].text : buf[c];
		}
		ret = values ? zc_rows_add_values(&rs, vals) :
			       zc_rows_add(&rs, cells);
	}
	if (!ret)
		ret = zc_rows_finish(&rs);
	zc_rows_free(&rs);
	fclose(out);
	if (ret) {
		free(text);
		return NULL;
	}
	return text;
}

static const char *format_name(enum zc_format format)
{
	return format == ZC_FORMAT_TABLE ? "table" :
	       format == ZC_FORMAT_RAW ? "raw" : "JSON";
}

int main(void)
{
	static const enum zc_format formats[] = {
		ZC_FORMAT_TABLE, ZC_FORMAT_RAW, ZC_FORMAT_JSON,
	};
	size_t f, l;
	int h;

	tap_plan(3 * 3 * 2);
	for (f = 0; f < 3; f++) {
		for (l = 0; l < sizeof(layouts) / sizeof(layouts[0]); l++) {
			for (h = 0; h < 2; h++) {
				char *want = print(formats[f], &layouts[l], h,
						   false);
				char *got = print(formats[f], &layouts[l], h,
						  true);

				tap_ok(want && got && !strcmp(got, want),
				       "%s, %s, %s: values print as strings",
				       format_name(formats[f]), layouts[l].name,
				       h ? "no headings" : "headings");
				free(want);
				free(got);
			}
		}
	}
	return tap_done();
}
