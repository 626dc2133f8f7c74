// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "stream.h"

int zc_stream_init(struct zc_stream *zs, enum zc_format format,
		   const char *name, unsigned int batch)
{
	memset(zs, 0, sizeof(*zs));
	zs->format = format;
	zs->batch = batch ? batch : 1;
	zs->out = stdout;
	zs->tb = scols_new_table();
	if (!zs->tb)
		return -ENOMEM;
	scols_table_set_name(zs->tb, name);
	if (format == ZC_FORMAT_RAW)
		scols_table_enable_raw(zs->tb, 1);
	else if (format == ZC_FORMAT_JSON)
		scols_table_enable_json(zs->tb, 1);
	return 0;
}

void zc_stream_set_output(struct zc_stream *zs, FILE *out)
{
	zs->out = out;
	scols_table_set_stream(zs->tb, out);
}

int zc_stream_set_json_head(struct zc_stream *zs, const char *head)
{
	free(zs->json_head);
	zs->json_head = strdup(head);
	return zs->json_head ? 0 : -ENOMEM;
}

struct libscols_line *zc_stream_new_line(struct zc_stream *zs)
{
	struct libscols_line *ln = scols_table_new_line(zs->tb, NULL);

	if (ln)
		zs->pending++;
	return ln;
}

static void json_open(struct zc_stream *zs)
{
	if (zs->opened)
		return;
	fputs("{\n", zs->out);
	if (zs->json_head)
		fprintf(zs->out, "   %s,\n", zs->json_head);
	fprintf(zs->out, "   \"%s\": [\n", scols_table_get_name(zs->tb));
	zs->opened = true;
}

/*
 * libsmartcols cannot print a JSON table in pieces, so each batch is
 * printed as a table of its own and only its rows are kept: everything
 * between the line that opens the array and the line that closes it.
 */
static int flush_json(struct zc_stream *zs)
{
	char *text = NULL, *begin, *end;
	int ret;

	ret = scols_print_table_to_string(zs->tb, &text);
	if (ret)
		return ret;
	begin = strchr(text, '[');
	end = strrchr(text, ']');
	if (!begin || !end || end < begin) {
		free(text);
		return -EINVAL;
	}
	begin = strchr(begin, '\n');
	while (end > begin && (end[-1] == ' ' || end[-1] == '\n'))
		end--;
	json_open(zs);
	if (begin && end > begin + 1) {
		if (zs->any)
			fputs(",\n", zs->out);
		fwrite(begin + 1, 1, end - begin - 1, zs->out);
		zs->any = true;
	}
	free(text);
	return 0;
}

static int flush(struct zc_stream *zs)
{
	int ret;

	if (!zs->pending)
		return 0;
	if (zs->format == ZC_FORMAT_JSON) {
		ret = flush_json(zs);
	} else {
		/* The header is printed with the first batch only. */
		ret = scols_table_print_range(zs->tb, NULL, NULL);
		if (!ret)
			fputc('\n', zs->out);
		zs->any = true;
	}
	scols_table_remove_lines(zs->tb);
	zs->pending = 0;
	return ret;
}

int zc_stream_commit(struct zc_stream *zs)
{
	if (zs->pending < zs->batch)
		return 0;
	return flush(zs);
}

int zc_stream_finish(struct zc_stream *zs)
{
	int ret = flush(zs);

	if (ret)
		return ret;
	if (zs->format == ZC_FORMAT_JSON) {
		json_open(zs);
		fputs(zs->any ? "\n   ]\n}\n" : "   ]\n}\n", zs->out);
	}
	return 0;
}

void zc_stream_free(struct zc_stream *zs)
{
	scols_unref_table(zs->tb);
	free(zs->json_head);
	zs->tb = NULL;
	zs->json_head = NULL;
}
