/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ZONECTL_STREAM_H
#define ZONECTL_STREAM_H

#include <stdbool.h>
#include <stdio.h>

#include <libsmartcols.h>

/*
 * A libsmartcols table printed in batches, so that memory does not grow
 * with the number of rows.  For the batches to line up in a table, each
 * column needs a width hint at least as wide as its header and its widest
 * value: libsmartcols then uses the hint as the width.
 */
enum zc_format {
	ZC_FORMAT_TABLE,
	ZC_FORMAT_RAW,
	ZC_FORMAT_JSON,
};

struct zc_stream {
	struct libscols_table *tb;
	enum zc_format format;
	FILE *out;
	unsigned int pending;	/* rows not printed yet */
	unsigned int batch;
	bool opened;		/* JSON: the enclosing object is open */
	bool any;		/* rows were printed */
	char *json_head;	/* JSON: members printed before the rows */
};

/* @name: the JSON member that holds the rows. */
int zc_stream_init(struct zc_stream *zs, enum zc_format format,
		   const char *name, unsigned int batch);
/* Where the table goes; stdout unless set. */
void zc_stream_set_output(struct zc_stream *zs, FILE *out);
/* Members printed ahead of the rows, e.g. "\"cached\": true". */
int zc_stream_set_json_head(struct zc_stream *zs, const char *head);
struct libscols_line *zc_stream_new_line(struct zc_stream *zs);
/* Prints the pending rows if a batch is full. */
int zc_stream_commit(struct zc_stream *zs);
int zc_stream_finish(struct zc_stream *zs);
void zc_stream_free(struct zc_stream *zs);

#endif /* ZONECTL_STREAM_H */
