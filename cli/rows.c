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
 * The length of @s if it is printed as it is (printable ASCII; in a table
 * no "\x", in raw output no blank or backslash) and is at most
 * ZC_ROWS_PLAIN_MAX bytes; -1 if not.
 */
static int plain_len(const struct zc_rows *rs, const char *s)
{
	bool raw = rs->format == ZC_FORMAT_RAW;
	char low = raw ? '!' : ' ';
	int n;

	for (n = 0; s[n]; n++) {
		if (n == ZC_ROWS_PLAIN_MAX || s[n] < low || s[n] > '~')
			return -1;
		if (s[n] == '\\' && (raw || s[n + 1] == 'x'))
			return -1;
	}
	return n;
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

/*
 * @n blanks at @p; returns the end.  Writes words of 8 bytes, up to 7
 * bytes past the end: a line's room has them.
 */
#define BLANKS_OVER	7
static char *blanks(char *p, int n)
{
	char *end = p + (n > 0 ? n : 0);

	for (; p < end; p += 8)
		memcpy(p, "        ", 8);
	return end;
}

/* The most a line of plain cells takes: see values_line(). */
static size_t line_room(const struct zc_rows *rs)
{
	size_t room = 1 + BLANKS_OVER;
	int i;

	for (i = 0; i < rs->ncols; i++)
		room += 1 + (size_t)(rs->cols[i].width > ZC_ROWS_PLAIN_MAX ?
				     rs->cols[i].width : ZC_ROWS_PLAIN_MAX);
	return room;
}

/* The number of decimal digits of @v. */
static int ndigits(uint64_t v)
{
	int n = 1;

	for (;;) {
		if (v < 10)
			return n;
		if (v < 100)
			return n + 1;
		if (v < 1000)
			return n + 2;
		if (v < 10000)
			return n + 3;
		v /= 10000;
		n += 4;
	}
}

/* "00" to "99": two digits a division, for the millions of numbers. */
static const char digit_pairs[] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* The two digits of @v (below 100) at @p. */
static inline void put_pair(char *p, uint32_t v)
{
	memcpy(p, &digit_pairs[v * 2], 2);
}

/*
 * The decimal digits of @v, ending before @end: four digits a division of
 * 64 bits, the rest in 32.
 */
static inline void put_digits(char *end, uint64_t v)
{
	uint32_t w;

	while (v >= 10000) {
		w = (uint32_t)(v % 10000);
		v /= 10000;
		end -= 4;
		put_pair(end, w / 100);
		put_pair(end + 2, w % 100);
	}
	w = (uint32_t)v;
	if (w >= 100) {
		end -= 2;
		put_pair(end, w % 100);
		w /= 100;
	}
	if (w >= 10)
		put_pair(end - 2, w);
	else
		end[-1] = (char)('0' + w);
}

/* The length of value @v as written; -1 if it is not plain text. */
static int value_len(const struct zc_rows *rs, const struct zc_rows_value *v)
{
	return v->text ? plain_len(rs, v->text) : ndigits(v->num);
}

/*
 * Cell @i of value @v, @len bytes, at @p in the room of a line:
 * separator, blanks and text; *@value_end: the end of the text.  Returns
 * the cell's end, or NULL if it must be cut to its column.
 */
static char *value_cell(const struct zc_rows *rs, int i, char *p,
			const struct zc_rows_value *v, int len,
			char **value_end)
{
	const struct zc_rows_col *col = &rs->cols[i];
	int k, fill = 0;

	if (rs->format == ZC_FORMAT_TABLE) {
		if (col->trunc && len > col->width)
			return NULL;
		fill = cell_fill(rs, i, len, len);
	}
	if (i)
		*p++ = ' ';
	if (col->right)
		p = blanks(p, fill);
	if (v->text)
		for (k = 0; k < len; k++)
			p[k] = v->text[k];
	else
		put_digits(p + len, v->num);
	p += len;
	*value_end = p;
	return col->right ? p : blanks(p, fill);
}

/*
 * Whether column @col's last value is @v.  Texts are known by their
 * addresses (see zc_rows_add_values()).
 */
static bool same_value(const struct zc_rows_col *col,
		       const struct zc_rows_value *v)
{
	return v->text == col->last_text && (v->text || v->num == col->last_num);
}

/*
 * The last line (rs->tmpl) made into the line of @vals: a plain cell's
 * bytes depend on its column and its value's bytes alone, so a value of
 * the same length as the last one in its column takes its place.  False
 * if a value changed its length or is not plain: the template is then
 * spoilt, and the line must be written whole.
 */
static bool from_template(struct zc_rows *rs, const struct zc_rows_value *vals)
{
	int i, len;

	for (i = 0; i < rs->ncols; i++) {
		struct zc_rows_col *col = &rs->cols[i];
		const struct zc_rows_value *v = &vals[i];
		char *end = rs->tmpl + col->last_end;

		if (same_value(col, v))
			continue;
		len = value_len(rs, v);
		if (len != col->last_len)
			return false;
		if (v->text)
			memcpy(end - len, v->text, (size_t)len);
		else
			put_digits(end, v->num);
		col->last_text = v->text;
		col->last_num = v->num;
	}
	return true;
}

/* The line from @line, @len bytes, is the template of the next one. */
static void keep_template(struct zc_rows *rs, const struct zc_rows_value *vals,
			  const char *line, size_t len)
{
	int i;

	if (!rs->tmpl)
		rs->tmpl = malloc(rs->line_room);
	if (!rs->tmpl)
		return;
	memcpy(rs->tmpl, line, len);
	rs->tmpl_len = len;
	for (i = 0; i < rs->ncols; i++) {
		rs->cols[i].last_text = vals[i].text;
		rs->cols[i].last_num = vals[i].num;
	}
}

/*
 * A table or raw line of @vals written in one reservation: the common
 * line, of which a zone report has millions.  False, nothing written, if
 * a cell cannot be written as it is (not plain, see plain_len(), or cut).
 * @repeat: the texts are known by their addresses, and the line is made
 * from the last one where it can be.
 */
static bool values_line(struct zc_rows *rs, const struct zc_rows_value *vals,
			bool repeat)
{
	char *p, *end, *value_end;
	int i, len;

	if (!rs->line_room)
		rs->line_room = line_room(rs);
	if (reserve(rs, rs->line_room))
		return true;
	p = rs->buf + rs->len;
	if (repeat && rs->tmpl_len && from_template(rs, vals)) {
		memcpy(p, rs->tmpl, rs->tmpl_len);
		rs->len += rs->tmpl_len;
		return true;
	}
	rs->tmpl_len = 0;
	for (end = p, i = 0; i < rs->ncols; i++) {
		len = value_len(rs, &vals[i]);
		end = len < 0 ? NULL :
		      value_cell(rs, i, end, &vals[i], len, &value_end);
		if (!end)
			return false;
		rs->cols[i].last_len = len;
		rs->cols[i].last_end = (size_t)(value_end - p);
	}
	*end++ = '\n';
	if (repeat)
		keep_template(rs, vals, p, (size_t)(end - p));
	rs->len = (size_t)(end - rs->buf);
	return true;
}

/* A table or raw line. */
static void line(struct zc_rows *rs, const char *const *cells)
{
	struct zc_rows_value vals[ZC_ROWS_MAX_COLS];
	int i;

	for (i = 0; i < rs->ncols; i++)
		vals[i].text = cells[i];
	if (values_line(rs, vals, false))
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
	line(rs, names);
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
		line(rs, (const char *const *)&rs->kept[r]);
}

/* A row is done: written out once enough is buffered. */
static int row_done(struct zc_rows *rs)
{
	rs->nrows++;
	if (rs->err)
		return rs->err;
	return rs->len >= FLUSH_AT ? flush(rs) : 0;
}

int zc_rows_add(struct zc_rows *rs, const char *const *cells)
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
		line(rs, cells);
	}
	return row_done(rs);
}

/* zc_rows_add() of @vals as texts, numbers formatted in a buffer. */
static int add_value_cells(struct zc_rows *rs,
			   const struct zc_rows_value *vals)
{
	char buf[ZC_ROWS_MAX_COLS][21];
	const char *cells[ZC_ROWS_MAX_COLS];
	int i, len;

	for (i = 0; i < rs->ncols; i++) {
		cells[i] = vals[i].text;
		if (cells[i])
			continue;
		len = ndigits(vals[i].num);
		buf[i][len] = '\0';
		put_digits(&buf[i][len], vals[i].num);
		cells[i] = buf[i];
	}
	return zc_rows_add(rs, cells);
}

int zc_rows_add_values(struct zc_rows *rs, const struct zc_rows_value *vals)
{
	if (rs->format != ZC_FORMAT_JSON &&
	    !(rs->fit && rs->format == ZC_FORMAT_TABLE) &&
	    (rs->nrows || rs->noheadings) && values_line(rs, vals, true))
		return row_done(rs);
	return add_value_cells(rs, vals);
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
	free(rs->tmpl);
	free(rs->buf);
	rs->kept = NULL;
	rs->enc = rs->buf = rs->tmpl = NULL;
	rs->nkept = rs->enc_size = rs->len = rs->size = rs->tmpl_len = 0;
}
