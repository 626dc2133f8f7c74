// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl's direct row writer prints, byte for byte, what libsmartcols
 * prints for the same columns and rows: table (with and without
 * headings, with given widths and fitted to the values), raw and JSON,
 * for random values that include empty cells, blanks, quotes,
 * backslashes, "\x", control characters, UTF-8 characters (narrow and
 * wide) and bytes that are no character, in the C locale and in a UTF-8
 * one.
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libsmartcols.h>

#include "rows.h"
#include "tap.h"

#define ROUNDS	40
#define NROWS	50
#define NCOLS	6

struct table {
	int ncols;
	char names[NCOLS][16];
	int width[NCOLS];
	bool right[NCOLS];
	enum zc_rows_kind kind[NCOLS];
	char cells[NROWS][NCOLS][24];
};

static void random_value(char *buf, enum zc_rows_kind kind)
{
	static const char *const pieces[] = {
		"a", "b", "X", "Y", " ", "\\", "\"", "\t", "_", "-", "0", "x",
		"\x7f", "\xc3\xa9", "\xe6\x97\xa5", "\xff", "\xc3",
	};
	int i, n = rand() % 7;

	if (rand() % 6 == 0) {
		buf[0] = '\0';
		return;
	}
	if (kind == ZC_ROWS_NUMBER) {
		sprintf(buf, "%d", rand());
		return;
	}
	if (kind == ZC_ROWS_BOOLEAN) {
		strcpy(buf, rand() % 2 ? "1" : "0");
		return;
	}
	buf[0] = '\0';
	for (i = 0; i < n; i++)
		strcat(buf, pieces[rand() % (sizeof(pieces) / sizeof(pieces[0]))]);
}

static void random_table(struct table *t)
{
	int r, c, len;

	memset(t, 0, sizeof(*t));
	t->ncols = 1 + rand() % NCOLS;
	for (c = 0; c < t->ncols; c++) {
		sprintf(t->names[c], "COL%c%d", 'A' + c, rand() % 100);
		t->right[c] = rand() % 2;
		t->kind[c] = rand() % 3;
		/* Widths hold every value, as zonectl's columns do. */
		t->width[c] = rand() % 4;
	}
	for (r = 0; r < NROWS; r++)
		for (c = 0; c < t->ncols; c++) {
			random_value(t->cells[r][c], t->kind[c]);
			len = zc_rows_text_width(t->cells[r][c]);
			if (len > t->width[c])
				t->width[c] = len + rand() % 3;
		}
}

static char *scols_output(const struct table *t, enum zc_format format,
			  bool noheadings, bool fit)
{
	static const int jtype[] = {
		[ZC_ROWS_STRING] = SCOLS_JSON_STRING,
		[ZC_ROWS_NUMBER] = SCOLS_JSON_NUMBER,
		[ZC_ROWS_BOOLEAN] = SCOLS_JSON_BOOLEAN,
	};
	struct libscols_table *tb = scols_new_table();
	char *text = NULL;
	int r, c;

	scols_table_set_name(tb, "zones");
	scols_table_enable_raw(tb, format == ZC_FORMAT_RAW);
	scols_table_enable_json(tb, format == ZC_FORMAT_JSON);
	scols_table_enable_noheadings(tb, noheadings);
	for (c = 0; c < t->ncols; c++) {
		struct libscols_column *cl = scols_table_new_column(tb,
			t->names[c], fit ? 0 : t->width[c],
			t->right[c] ? SCOLS_FL_RIGHT : 0);

		scols_column_set_json_type(cl, jtype[t->kind[c]]);
	}
	for (r = 0; r < NROWS; r++) {
		struct libscols_line *ln = scols_table_new_line(tb, NULL);

		for (c = 0; c < t->ncols; c++)
			scols_line_set_data(ln, c, t->cells[r][c]);
	}
	scols_print_table_to_string(tb, &text);
	scols_unref_table(tb);
	return text;
}

static char *rows_output(const struct table *t, enum zc_format format,
			 bool noheadings, bool fit)
{
	const char *cells[NCOLS];
	struct zc_rows rs;
	char *text = NULL;
	size_t size;
	FILE *out = open_memstream(&text, &size);
	int r, c;

	zc_rows_init(&rs, format, "zones", out);
	rs.noheadings = noheadings;
	for (c = 0; c < t->ncols; c++)
		zc_rows_add_column(&rs, t->names[c],
				   fit ? ZC_ROWS_FIT : t->width[c], t->right[c],
				   t->kind[c]);
	for (r = 0; r < NROWS; r++) {
		for (c = 0; c < t->ncols; c++)
			cells[c] = t->cells[r][c];
		zc_rows_add(&rs, cells);
	}
	zc_rows_finish(&rs);
	zc_rows_free(&rs);
	fclose(out);
	return text;
}

/*
 * libsmartcols ends a table or raw output without a newline, where zonectl
 * prints one; its JSON ends with one.
 */
static bool same(const char *scols, const char *rows, enum zc_format format)
{
	size_t n = strlen(scols);

	if (format == ZC_FORMAT_JSON)
		return !strcmp(scols, rows);
	return !strncmp(scols, rows, n) && !strcmp(rows + n, "\n");
}

static void compare(const char *what, enum zc_format format, bool noheadings,
		    bool fit)
{
	struct table t;
	int i, bad = 0;

	for (i = 0; i < ROUNDS; i++) {
		char *a, *b;

		random_table(&t);
		a = scols_output(&t, format, noheadings, fit);
		b = rows_output(&t, format, noheadings, fit);
		if (!a || !b || !same(a, b, format)) {
			if (!bad++)
				tap_diag("libsmartcols:\n%s\nzonectl:\n%s",
					 a ? a : "(none)", b ? b : "(none)");
		}
		free(a);
		free(b);
	}
	tap_ok(!bad, "%s, %s locale: %d random tables as libsmartcols prints "
	       "them", what, setlocale(LC_CTYPE, NULL), ROUNDS);
}

static void compare_all(void)
{
	compare("table", ZC_FORMAT_TABLE, false, false);
	compare("table without headings", ZC_FORMAT_TABLE, true, false);
	compare("table fitted to its values", ZC_FORMAT_TABLE, false, true);
	compare("raw", ZC_FORMAT_RAW, false, false);
	compare("JSON", ZC_FORMAT_JSON, false, false);
}

int main(void)
{
	tap_plan(10);
	srand(1);
	setlocale(LC_ALL, "C");
	compare_all();
	if (setlocale(LC_ALL, "C.UTF-8") || setlocale(LC_ALL, "C.utf8") ||
	    setlocale(LC_ALL, "en_US.UTF-8"))
		compare_all();
	else
		tap_skip(5, "no UTF-8 locale");
	return tap_done();
}
