// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"

/* Output is written out once this much is buffered. */
#define FLUSH_AT	(64 * 1024)

void zc_rows_init(struct zc_rows *rs, enum zc_format format,
		  const char *name, FILE *out)
{
	memset(rs, 0, sizeof(*rs));
	rs->format = format;
	rs->name = name;
	rs->out = out ? out : stdout;
}

int zc_rows_add_column(struct zc_rows *rs, const char *name, int width,
		       bool right, enum zc_rows_kind kind)
{
	struct zc_rows_col *col;

	if (rs->ncols == ZC_ROWS_MAX_COLS)
		return -E2BIG;
	col = &rs->cols[rs->ncols++];
	col->name = name;
	col->width = width > (int)strlen(name) ? width : (int)strlen(name);
	col->right = right;
	col->kind = kind;
	return 0;
}

static int line_width(const struct zc_rows *rs)
{
	int i, w = rs->ncols ? rs->ncols - 1 : 0;

	for (i = 0; i < rs->ncols; i++)
		w += rs->cols[i].width;
	return w;
}

void zc_rows_fit(struct zc_rows *rs, int width)
{
	int excess = line_width(rs) - width;

	while (excess > 0) {
		struct zc_rows_col *widest = NULL;
		int i;

		for (i = 0; i < rs->ncols; i++) {
			struct zc_rows_col *c = &rs->cols[i];

			if (c->trunc && c->width > (int)strlen(c->name) &&
			    (!widest || c->width > widest->width))
				widest = c;
		}
		if (!widest)
			return;
		widest->width--;
		excess--;
	}
}

static int reserve(struct zc_rows *rs, size_t more)
{
	size_t size;
	char *buf;

	if (rs->len + more <= rs->size)
		return 0;
	size = rs->size ? rs->size : FLUSH_AT * 2;
	while (size < rs->len + more)
		size *= 2;
	buf = realloc(rs->buf, size);
	if (!buf) {
		rs->err = -ENOMEM;
		return -ENOMEM;
	}
	rs->buf = buf;
	rs->size = size;
	return 0;
}

static void put(struct zc_rows *rs, const char *s, size_t n)
{
	/* An empty cell before anything else: memcpy() to no buffer yet. */
	if (!n || reserve(rs, n))
		return;
	memcpy(rs->buf + rs->len, s, n);
	rs->len += n;
}

static void puts_(struct zc_rows *rs, const char *s)
{
	put(rs, s, strlen(s));
}

static void pad(struct zc_rows *rs, int n)
{
	if (n <= 0 || reserve(rs, n))
		return;
	memset(rs->buf + rs->len, ' ', n);
	rs->len += n;
}

static int flush(struct zc_rows *rs)
{
	if (!rs->err && rs->len) {
		errno = 0;
		if (fwrite(rs->buf, 1, rs->len, rs->out) != rs->len)
			rs->err = errno ? -errno : -EIO;
	}
	rs->len = 0;
	return rs->err;
}

/*
 * Table cells show control characters as \xHH, as libsmartcols does, and
 * are as wide as what is shown.
 */
static bool is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

static const char *table_text(const char *s, char *buf, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	const char *p;
	size_t n = 0;

	for (p = s; *p && !is_control(*p); p++)
		;
	if (!*p)
		return s;
	for (; *s && n + 5 < size; s++) {
		unsigned char c = *s;

		if (is_control(c)) {
			buf[n++] = '\\';
			buf[n++] = 'x';
			buf[n++] = hex[c >> 4];
			buf[n++] = hex[c & 15];
		} else {
			buf[n++] = c;
		}
	}
	buf[n] = '\0';
	return buf;
}

static void table_cell(struct zc_rows *rs, int i, const char *s)
{
	const struct zc_rows_col *col = &rs->cols[i];
	char buf[256];
	int fill;

	s = table_text(s, buf, sizeof(buf));
	if (col->trunc && (int)strlen(s) > col->width &&
	    col->width < (int)sizeof(buf)) {
		memmove(buf, s, col->width);
		buf[col->width] = '\0';
		s = buf;
	}
	fill = col->width - (int)strlen(s);
	if (i)
		put(rs, " ", 1);
	/* Like libsmartcols, no trailing blanks after the last column. */
	if (i == rs->ncols - 1 && (!col->right || !*s))
		fill = 0;
	if (col->right)
		pad(rs, fill);
	puts_(rs, s);
	if (!col->right)
		pad(rs, fill);
}

/* Raw output escapes what would split or garble a value, as \xHH. */
static void raw_cell(struct zc_rows *rs, int i, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	char esc[4] = { '\\', 'x' };

	if (i)
		put(rs, " ", 1);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == ' ' || c == '\\' || is_control(c)) {
			esc[2] = hex[c >> 4];
			esc[3] = hex[c & 15];
			put(rs, esc, 4);
		} else {
			put(rs, s, 1);
		}
	}
}

static void line(struct zc_rows *rs, const char *const *cells)
{
	int i;

	for (i = 0; i < rs->ncols; i++) {
		if (rs->format == ZC_FORMAT_RAW)
			raw_cell(rs, i, cells[i]);
		else
			table_cell(rs, i, cells[i]);
	}
	put(rs, "\n", 1);
}

static void header(struct zc_rows *rs)
{
	const char *names[ZC_ROWS_MAX_COLS];
	int i;

	for (i = 0; i < rs->ncols; i++)
		names[i] = rs->cols[i].name;
	line(rs, names);
}

/* Control characters JSON has a short escape for, and their letters. */
static const char json_ctl[] = "\b\f\n\r\t";
static const char json_esc[] = "bfnrt";

static void json_string(struct zc_rows *rs, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	char esc[6] = { '\\', 'u', '0', '0' };

	put(rs, "\"", 1);
	for (; *s; s++) {
		unsigned char c = *s;

		const char *short_esc = c < 0x20 ? strchr(json_ctl, c) : NULL;

		if (c == '"' || c == '\\') {
			put(rs, "\\", 1);
			put(rs, s, 1);
		} else if (short_esc && *short_esc) {
			put(rs, "\\", 1);
			put(rs, &json_esc[short_esc - json_ctl], 1);
		} else if (c < 0x20) {
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 15];
			put(rs, esc, 6);
		} else {
			put(rs, s, 1);
		}
	}
	put(rs, "\"", 1);
}

static void json_key(struct zc_rows *rs, const char *name)
{
	char key[64];
	size_t i;

	for (i = 0; name[i] && i < sizeof(key) - 1; i++)
		key[i] = tolower((unsigned char)name[i]);
	key[i] = '\0';
	puts_(rs, "         ");
	json_string(rs, key);
	puts_(rs, ": ");
}

static void json_value(struct zc_rows *rs, enum zc_rows_kind kind,
		       const char *s)
{
	if (kind == ZC_ROWS_BOOLEAN)
		puts_(rs, !*s || !strcmp(s, "0") ? "false" : "true");
	else if (!*s)
		puts_(rs, "null");
	else if (kind == ZC_ROWS_NUMBER)
		puts_(rs, s);
	else
		json_string(rs, s);
}

static void json_open(struct zc_rows *rs)
{
	puts_(rs, "{\n");
	if (rs->json_head) {
		puts_(rs, "   ");
		puts_(rs, rs->json_head);
		puts_(rs, ",\n");
	}
	puts_(rs, "   ");
	json_string(rs, rs->name);
	puts_(rs, ": [\n");
}

static void json_row(struct zc_rows *rs, const char *const *cells)
{
	int i;

	puts_(rs, rs->nrows ? "},{\n" : "      {\n");
	for (i = 0; i < rs->ncols; i++) {
		json_key(rs, rs->cols[i].name);
		json_value(rs, rs->cols[i].kind, cells[i]);
		puts_(rs, i < rs->ncols - 1 ? ",\n" : "\n      ");
	}
}

int zc_rows_add(struct zc_rows *rs, const char *const *cells)
{
	if (rs->format == ZC_FORMAT_JSON) {
		if (!rs->nrows)
			json_open(rs);
		json_row(rs, cells);
	} else {
		if (!rs->nrows && !rs->noheadings)
			header(rs);
		line(rs, cells);
	}
	rs->nrows++;
	if (rs->err)
		return rs->err;
	return rs->len >= FLUSH_AT ? flush(rs) : 0;
}

int zc_rows_finish(struct zc_rows *rs)
{
	if (rs->format == ZC_FORMAT_JSON) {
		if (!rs->nrows)
			json_open(rs);
		puts_(rs, rs->nrows ? "}\n   ]\n}\n" : "   ]\n}\n");
	}
	return flush(rs);
}

void zc_rows_free(struct zc_rows *rs)
{
	free(rs->buf);
	rs->buf = NULL;
	rs->len = rs->size = 0;
}
