/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ZONECTL_ROWS_H
#define ZONECTL_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * zonectl's output: rows printed straight to a buffer, in the formats
 * libsmartcols prints (table, raw, JSON), escapes included.  A zone
 * report has one row per zone, and libsmartcols' per-cell allocations cost
 * several times what the zones themselves cost; tests/cli/rows-match-scols
 * checks that the output is byte for byte what libsmartcols prints.
 *
 * A table column is as wide as its width or its name, whichever is wider;
 * a wider value is printed whole and shifts the rest of its row.
 */
enum zc_format {
	ZC_FORMAT_TABLE,
	ZC_FORMAT_RAW,
	ZC_FORMAT_JSON,
};

enum zc_rows_kind {
	ZC_ROWS_STRING,
	ZC_ROWS_NUMBER,
	ZC_ROWS_BOOLEAN,	/* "0" or empty is false, anything else true */
};

#define ZC_ROWS_MAX_COLS	32
/* The longest text a line written in one reservation takes as it is. */
#define ZC_ROWS_PLAIN_MAX	32

/*
 * The width of a column whose values are only known as they come: the
 * rows of a table are kept until zc_rows_finish(), to fit the widest.
 * For tables of a few rows.
 */
#define ZC_ROWS_FIT	(-1)

struct zc_rows_col {
	const char *name;
	int width;
	bool right;
	enum zc_rows_kind kind;
	bool trunc;		/* may be narrowed to fit a terminal */
	/* Its JSON key as printed, indent to ": ", made once; 0: too long. */
	char json_key[80];
	size_t json_key_len;
	/*
	 * The last value of zc_rows_add_values() in the column, its length
	 * and where it ends in the last line (struct zc_rows' tmpl).
	 */
	const char *last_text;
	uint64_t last_num;
	int last_len;
	size_t last_end;
};

struct zc_rows {
	FILE *out;
	enum zc_format format;
	bool noheadings;
	const char *name;	/* JSON member that holds the rows */
	const char *json_head;	/* JSON members printed before the rows */
	int ncols;
	struct zc_rows_col cols[ZC_ROWS_MAX_COLS];
	unsigned long nrows;
	char *buf;
	size_t len;
	size_t size;
	int err;		/* first error: -ENOMEM, or a write's */
	bool fit;		/* a column is ZC_ROWS_FIT */
	char **kept;		/* ncols cells per row kept */
	size_t nkept;
	char *enc;		/* a table cell as shown */
	size_t enc_size;
	size_t line_room;	/* the most a line of plain cells takes */
	/*
	 * The last line of zc_rows_add_values(), which the next is made
	 * from: a zone report repeats most of its cells (lengths, types,
	 * conditions) row after row.  0: none.
	 */
	char *tmpl;
	size_t tmpl_len;
};

void zc_rows_init(struct zc_rows *rs, enum zc_format format,
		  const char *name, FILE *out);
int zc_rows_add_column(struct zc_rows *rs, const char *name, int width,
		       bool right, enum zc_rows_kind kind);
/*
 * Narrows the truncatable columns of a table, widest first and down to
 * their names, until a line fits in @width characters (or nothing more
 * can be narrowed); their longer values are then cut, as libsmartcols
 * cuts the columns it truncates.  For tables on a terminal.
 */
void zc_rows_fit(struct zc_rows *rs, int width);
/* @cells: one NUL-terminated value per column. */
int zc_rows_add(struct zc_rows *rs, const char *const *cells);
/* A cell as its maker has it: a text, or a number. */
struct zc_rows_value {
	const char *text;	/* NULL: the number */
	uint64_t num;
};

/*
 * zc_rows_add() for values: numbers are formatted straight into the
 * output, and a line is made from the last one where only some of its
 * values changed.  For the rows of a zone report, which has millions.
 * The texts must stay as they are as long as @rs (names, literals): a
 * text is known by its address.
 */
int zc_rows_add_values(struct zc_rows *rs, const struct zc_rows_value *vals);
/*
 * Prints what is left (the JSON end).  zc_rows_add() and zc_rows_finish()
 * return 0 or the first error: -ENOMEM, or the negative errno of a failed
 * write (-EIO if the stream gave none).
 */
int zc_rows_finish(struct zc_rows *rs);
/*
 * One row as a JSON object of its own, members named after the columns,
 * after the json_head members: for commands that print one record.
 */
int zc_rows_object(struct zc_rows *rs, const char *const *cells);
/* The width of @s in a table, \xHH escapes included. */
int zc_rows_text_width(const char *s);
void zc_rows_free(struct zc_rows *rs);

#endif /* ZONECTL_ROWS_H */
