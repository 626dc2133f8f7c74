// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl's table and raw output printed in batches carry one header and
 * every row once, and table columns keep their widths across batches.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream.h"
#include "tap.h"

#define ROWS 2500

static FILE *write_table(enum zc_format format)
{
	struct zc_stream zs;
	char buf[32];
	unsigned int i;
	FILE *out = tmpfile();

	if (!out || zc_stream_init(&zs, format, "zones", 1024))
		return NULL;
	zc_stream_set_output(&zs, out);
	scols_table_new_column(zs.tb, "START", 5, SCOLS_FL_RIGHT);
	scols_table_new_column(zs.tb, "COND", 4, SCOLS_FL_RIGHT);
	for (i = 0; i < ROWS; i++) {
		struct libscols_line *ln = zc_stream_new_line(&zs);

		snprintf(buf, sizeof(buf), "%u", i * 7);
		scols_line_set_data(ln, 0, buf);
		scols_line_set_data(ln, 1, i % 2 ? "em" : "fu");
		zc_stream_commit(&zs);
	}
	zc_stream_finish(&zs);
	zc_stream_free(&zs);
	rewind(out);
	return out;
}

int main(void)
{
	char line[256], want[256];
	unsigned int rows, headers, bad, widths;
	size_t width = 0;
	FILE *f;

	tap_plan(6);

	f = write_table(ZC_FORMAT_RAW);
	rows = headers = bad = 0;
	while (f && fgets(line, sizeof(line), f)) {
		if (!strcmp(line, "START COND\n")) {
			headers++;
			continue;
		}
		snprintf(want, sizeof(want), "%u %s\n", rows * 7,
			 rows % 2 ? "em" : "fu");
		if (strcmp(line, want))
			bad++;
		rows++;
	}
	if (f)
		fclose(f);
	tap_eq_int(headers, 1, "raw: one header");
	tap_eq_int(rows, ROWS, "raw: every row");
	tap_eq_int(bad, 0, "raw: rows in order, one space apart");

	f = write_table(ZC_FORMAT_TABLE);
	rows = headers = widths = 0;
	while (f && fgets(line, sizeof(line), f)) {
		if (strstr(line, "START"))
			headers++;
		else
			rows++;
		if (!width)
			width = strlen(line);
		else if (strlen(line) != width)
			widths++;
	}
	if (f)
		fclose(f);
	tap_eq_int(headers, 1, "table: one header");
	tap_eq_int(rows, ROWS, "table: every row");
	tap_eq_int(widths, 0, "table: lines of other widths");
	return tap_done();
}
