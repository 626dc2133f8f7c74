// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rows given as values (zc_rows_add_values(): numbers formatted in place,
 * a line made from the last one where values kept their lengths) print
 * byte for byte what
 * the same rows print as strings (zc_rows_add(), which
 * tests/cli/rows-match-scols holds to libsmartcols): in tables, raw output
 * and JSON, with headings or without, with wide numbers, texts that need
 * escapes, truncated columns, and values that repeat, come back and change.
 * Numbers of every length print as printf() prints them.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"
#include "tap.h"

#define ROWS 1500
#define COLS 6

/*
 * Values in groups of one length each: a value of the same group as the
 * one above it in its column takes its place in the last line, another
 * group's makes the line be written whole.
 */
static const uint64_t numbers[][3] = {
	{ 0, 7, 9 },
	{ 10, 42, 99 },
	{ 100, 512, 999 },
	{ 1000, 4096, 9999 },
	{ 10000, 65536, 99999 },
	{ 100000, 123456, 999999 },
	{ 1000000, 1048576, 9999999 },
	{ 123456789, 987654321, 100000000 },
	{ 1000000000, 4294967295, 4294967296 },
	{ 10000000000000, 12345678901234, 99999999999999 },
	{ 10000000000000000000ULL, UINT64_MAX, 18000000000000000000ULL },
};

/* Plain names, and texts a table or raw output must escape or cut. */
static const char *const texts[][3] = {
	{ "", "", "" },
	{ "em", "fu", "oi" },
	{ "swr", "swp", "cnv" },
	{ "SEQ_WRITE_REQUIRED", "SEQ_WRITE_PREFERRED", "CONVENTIONAL" },
	{ "two words", "back\\slash", "\\x41" },
	{ "tab\there", "\xc3\xa9t\xc3\xa9", "-" },
	{ "a text longer than thirty-two bytes, printed whole",
	  "another text longer than thirty-two bytes",
	  "a third text longer than thirty-two bytes" },
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

/* The groups of texts that print as they are: those before "two words". */
#define PLAIN_TEXT_GROUPS 4

/*
 * Value @r of column @c: it repeats, changes within its group often and
 * to another group (or from number to text) now and then; texts that
 * need escapes or cutting come in one row of five hundred in five.
 */
static struct zc_rows_value value(unsigned int r, int c)
{
	unsigned int u = (unsigned int)c;
	unsigned int member = r * (u + 3) / (u + 2) % 3;
	unsigned int group = r / (37 + 11 * u);
	size_t nn = sizeof(numbers) / sizeof(numbers[0]);
	size_t nt = sizeof(texts) / sizeof(texts[0]);

	if (r % 500 < 400)
		nt = PLAIN_TEXT_GROUPS;
	if ((u + r / 97) % 2)
		return (struct zc_rows_value){
			.text = texts[group % nt][member] };
	return (struct zc_rows_value){ .num = numbers[group % nn][member] };
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

/* Number @k of the sweep: each power of ten and its neighbours, then mixed. */
static uint64_t sweep_number(unsigned int k, uint64_t *state)
{
	uint64_t p = 1;
	unsigned int i;

	if (k < 20 * 3) {
		for (i = 0; i < k / 3; i++)
			p *= 10;
		return p + k % 3 - 1;
	}
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state >> (*state % 61);
}

/*
 * Numbers of every length, as a raw column, print as printf() prints
 * them.
 */
static bool numbers_as_printf(void)
{
	struct zc_rows_value v = { 0 };
	char *got = NULL, *want = NULL, line[32];
	size_t got_size = 0, want_size = 0;
	uint64_t state = 1;
	struct zc_rows rs;
	FILE *out, *ref;
	unsigned int k;
	bool same;

	out = open_memstream(&got, &got_size);
	ref = open_memstream(&want, &want_size);
	if (!out || !ref)
		return false;
	zc_rows_init(&rs, ZC_FORMAT_RAW, "zones", out);
	rs.noheadings = true;
	zc_rows_add_column(&rs, "N", 0, true, ZC_ROWS_NUMBER);
	for (k = 0; k < 100000; k++) {
		v.num = sweep_number(k, &state);
		zc_rows_add_values(&rs, &v);
		snprintf(line, sizeof(line), "%" PRIu64 "\n", v.num);
		fputs(line, ref);
	}
	zc_rows_finish(&rs);
	zc_rows_free(&rs);
	fclose(out);
	fclose(ref);
	same = got && want && !strcmp(got, want);
	free(got);
	free(want);
	return same;
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

	tap_plan(3 * 3 * 2 + 1);
	tap_ok(numbers_as_printf(), "numbers of every length print as printf() "
	       "prints them");
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
