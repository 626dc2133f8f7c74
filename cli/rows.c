// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

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
	if (width == ZC_ROWS_FIT) {
		rs->fit = true;
		width = 0;
	}
	col->width = width > zc_rows_text_width(name) ? width :
		     zc_rows_text_width(name);
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

static const char hex[] = "0123456789abcdef";

static char *put_hex(char *r, unsigned char c)
{
	*r++ = '\\';
	*r++ = 'x';
	*r++ = hex[c >> 4];
	*r++ = hex[c & 15];
	return r;
}

/*
 * @s as a table shows it, in @r (4 bytes per byte of @s, and a NUL), as
 * libsmartcols' mbs_safe_encode_to_buffer() does: control characters,
 * "\x", and what the locale cannot print as \xHH.  Returns its width in
 * columns.
 */
static int encode(const char *s, char *r)
{
	mbstate_t st;
	int width = 0;

	memset(&st, 0, sizeof(st));
	while (*s) {
		wchar_t wc;
		size_t i, len;

		/*
		 * Printable ASCII is one column in every locale glibc has:
		 * the cells of a zone report are nothing else, and
		 * mbrtowc() for each of their bytes took most of its time.
		 */
		if (*s >= ' ' && *s <= '~' && !(*s == '\\' && s[1] == 'x')) {
			*r++ = *s++;
			width++;
			continue;
		}
		if ((*s == '\\' && s[1] == 'x') || iscntrl((unsigned char)*s)) {
			r = put_hex(r, *s++);
			width += 4;
			continue;
		}
		len = mbrtowc(&wc, s, MB_CUR_MAX, &st);
		if (len == 0)
			break;
		if (len == (size_t)-1 || len == (size_t)-2) {
			/* Not a character: a byte, printable or not. */
			len = 1;
			if (isprint((unsigned char)*s)) {
				*r++ = *s;
				width++;
			} else {
				r = put_hex(r, *s);
				width += 4;
			}
		} else if (!iswprint(wc)) {
			for (i = 0; i < len; i++)
				r = put_hex(r, s[i]);
			width += 4 * len;
		} else {
			memcpy(r, s, len);
			r += len;
			width += wcwidth(wc);
		}
		s += len;
	}
	*r = '\0';
	return width;
}

/* encode() in a buffer of @rs, which grows as needed; NULL without memory. */
static const char *table_text(struct zc_rows *rs, const char *s, int *width)
{
	size_t need = strlen(s) * 4 + 1;
	char *buf;

	if (need > rs->enc_size) {
		buf = realloc(rs->enc, need);
		if (!buf) {
			rs->err = -ENOMEM;
			return NULL;
		}
		rs->enc = buf;
		rs->enc_size = need;
	}
	*width = encode(s, rs->enc);
	return rs->enc;
}

int zc_rows_text_width(const char *s)
{
	char *buf = malloc(strlen(s) * 4 + 1);
	int width = buf ? encode(s, buf) : (int)strlen(s);

	free(buf);
	return width;
}

/*
 * The length of @s if it needs no encoding (printable ASCII, no "\x"),
 * which is one column a byte; -1 if it does.
 */
static int plain_len(const char *s)
{
	const char *p;

	for (p = s; *p; p++)
		if (*p < ' ' || *p > '~' || (*p == '\\' && p[1] == 'x'))
			return -1;
	return (int)(p - s);
}

/*
 * The blanks that pad cell @i, @width columns wide and @len bytes long,
 * to its column's width.
 */
static int cell_fill(const struct zc_rows *rs, int i, int len, int width)
{
	const struct zc_rows_col *col = &rs->cols[i];

	/* Like libsmartcols, no trailing blanks after the last column. */
	if (i == rs->ncols - 1 && (!col->right || !len))
		return 0;
	return col->width - width;
}

static void table_cell(struct zc_rows *rs, int i, const char *s)
{
	const struct zc_rows_col *col = &rs->cols[i];
	int fill, len, width;
	const char *text = table_text(rs, s, &width);

	if (!text)
		return;
	len = (int)strlen(text);
	/* Truncated columns hold names: one byte, one column. */
	if (col->trunc && width > col->width && width == len)
		len = width = col->width;
	fill = cell_fill(rs, i, len, width);
	if (i)
		put(rs, " ", 1);
	if (col->right)
		pad(rs, fill);
	put(rs, text, (size_t)len);
	if (!col->right)
		pad(rs, fill);
}

/*
 * Raw output escapes what would split or garble a value, byte by byte,
 * as \xHH: blanks, backslashes and what the locale cannot print, as
 * libsmartcols' fputs_nonblank() does.
 */
static void raw_cell(struct zc_rows *rs, int i, const char *s)
{
	char esc[4];

	if (i)
		put(rs, " ", 1);
	for (; *s; s++) {
		unsigned char c = *s;

		if (isblank(c) || c == '\\' || !isprint(c) || iscntrl(c)) {
			put_hex(esc, c);
			put(rs, esc, 4);
		} else {
			put(rs, s, 1);
		}
	}
}

/* @n blanks at @p; returns the end. */
static char *blanks(char *p, int n)
{
	while (n-- > 0)
		*p++ = ' ';
	return p;
}

/*
 * A table line whose cells are all plain (see plain_len()), written in
 * one reservation: the common line of a zone report, which has
 * thousands.  False, nothing written, if a cell is not plain.
 */
static bool plain_line(struct zc_rows *rs, const char *const *cells,
		       const int *known)
{
	int lens[ZC_ROWS_MAX_COLS], i, last = rs->ncols - 1;
	size_t need = 1;
	char *p;

	for (i = 0; i <= last; i++) {
		const struct zc_rows_col *col = &rs->cols[i];

		lens[i] = known ? known[i] : plain_len(cells[i]);
		if (lens[i] < 0 || (col->trunc && lens[i] > col->width))
			return false;
		need += (size_t)(lens[i] > col->width ? lens[i] : col->width) + 1;
	}
	if (reserve(rs, need))
		return true;
	p = rs->buf + rs->len;
	for (i = 0; i <= last; i++) {
		const struct zc_rows_col *col = &rs->cols[i];
		int fill = cell_fill(rs, i, lens[i], lens[i]);

		if (i)
			*p++ = ' ';
		if (col->right)
			p = blanks(p, fill);
		memcpy(p, cells[i], (size_t)lens[i]);
		p += lens[i];
		if (!col->right)
			p = blanks(p, fill);
	}
	*p++ = '\n';
	rs->len = (size_t)(p - rs->buf);
	return true;
}

/* A table or raw line; @known: the cells' lengths if they are plain. */
static void line(struct zc_rows *rs, const char *const *cells,
		 const int *known)
{
	int i;

	if (rs->format != ZC_FORMAT_RAW && plain_line(rs, cells, known))
		return;
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
	line(rs, names, NULL);
}

/* Control characters JSON has a short escape for, and their letters. */
static const char json_ctl[] = "\b\f\n\r\t";
static const char json_esc[] = "bfnrt";

/* The bytes at the start of @s that a JSON string holds as they are. */
static size_t json_plain_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p >= 0x20 && *p != '"' && *p != '\\')
		p++;
	return (size_t)((const char *)p - s);
}

static void json_string(struct zc_rows *rs, const char *s)
{
	char esc[6] = { '\\', 'u', '0', '0' };

	put(rs, "\"", 1);
	for (; *s; s++) {
		unsigned char c = *s;
		size_t n = json_plain_len(s);
		const char *short_esc;

		if (n) {
			put(rs, s, n);
			s += n - 1;
			continue;
		}
		short_esc = c < 0x20 ? strchr(json_ctl, c) : NULL;
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

static void json_key(struct zc_rows *rs, const char *indent, const char *name)
{
	char key[64];
	size_t i;

	for (i = 0; name[i] && i < sizeof(key) - 1; i++)
		key[i] = tolower((unsigned char)name[i]);
	key[i] = '\0';
	puts_(rs, indent);
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

/* Each column's key as json_key() prints it, made once for every row. */
static void json_keys(struct zc_rows *rs)
{
	static const char indent[] = "         ";
	int i;

	for (i = 0; i < rs->ncols; i++) {
		struct zc_rows_col *col = &rs->cols[i];
		size_t start = rs->len, n;

		json_key(rs, indent, col->name);
		if (rs->err)
			return;
		n = rs->len - start;
		col->json_key_len = n <= sizeof(col->json_key) ? n : 0;
		memcpy(col->json_key, rs->buf + start, col->json_key_len);
		rs->len = start;
	}
}

static void json_open(struct zc_rows *rs)
{
	json_keys(rs);
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
		const struct zc_rows_col *col = &rs->cols[i];

		if (col->json_key_len)
			put(rs, col->json_key, col->json_key_len);
		else
			json_key(rs, "         ", col->name);
		json_value(rs, col->kind, cells[i]);
		puts_(rs, i < rs->ncols - 1 ? ",\n" : "\n      ");
	}
}

/* A row of a table whose columns fit their values, printed at the end. */
static int keep(struct zc_rows *rs, const char *const *cells)
{
	char **kept;
	int i;

	kept = realloc(rs->kept, (rs->nkept + rs->ncols) * sizeof(*kept));
	if (!kept)
		return rs->err = -ENOMEM;
	rs->kept = kept;
	for (i = 0; i < rs->ncols; i++) {
		kept[rs->nkept] = strdup(cells[i]);
		if (!kept[rs->nkept])
			return rs->err = -ENOMEM;
		rs->nkept++;
	}
	return 0;
}

/* The kept rows, in columns as wide as their widest value. */
static void print_kept(struct zc_rows *rs)
{
	size_t r;
	int i, w;

	for (r = 0; r < rs->nkept; r++) {
		i = r % rs->ncols;
		w = zc_rows_text_width(rs->kept[r]);
		if (w > rs->cols[i].width)
			rs->cols[i].width = w;
	}
	if (!rs->noheadings)
		header(rs);
	for (r = 0; r < rs->nkept; r += rs->ncols)
		line(rs, (const char *const *)&rs->kept[r], NULL);
}

int zc_rows_add(struct zc_rows *rs, const char *const *cells)
{
	return zc_rows_add_plain(rs, cells, NULL);
}

int zc_rows_add_plain(struct zc_rows *rs, const char *const *cells,
		      const int *lens)
{
	if (rs->format == ZC_FORMAT_JSON) {
		if (!rs->nrows)
			json_open(rs);
		json_row(rs, cells);
	} else if (rs->fit && rs->format == ZC_FORMAT_TABLE) {
		keep(rs, cells);
	} else {
		if (!rs->nrows && !rs->noheadings)
			header(rs);
		line(rs, cells, lens);
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
	} else if (rs->nkept) {
		print_kept(rs);
	}
	return flush(rs);
}

int zc_rows_object(struct zc_rows *rs, const char *const *cells)
{
	int i;

	puts_(rs, "{\n");
	if (rs->json_head) {
		puts_(rs, "   ");
		puts_(rs, rs->json_head);
		puts_(rs, ",\n");
	}
	for (i = 0; i < rs->ncols; i++) {
		json_key(rs, "   ", rs->cols[i].name);
		json_value(rs, rs->cols[i].kind, cells[i]);
		puts_(rs, i < rs->ncols - 1 ? ",\n" : "\n");
	}
	puts_(rs, "}\n");
	return flush(rs);
}

void zc_rows_free(struct zc_rows *rs)
{
	size_t r;

	for (r = 0; r < rs->nkept; r++)
		free(rs->kept[r]);
	free(rs->kept);
	free(rs->enc);
	free(rs->buf);
	rs->kept = NULL;
	rs->enc = rs->buf = NULL;
	rs->nkept = rs->enc_size = rs->len = rs->size = 0;
}
