// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl's table and raw output, written out as it grows, carry one
 * header and every row once, and table columns keep their widths.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rows.h"
#include "tap.h"

#define ROWS 2500

static FILE *write_table(enum zc_format format)
{
	struct zc_rows rs;
	char buf[32];
	const char *cells[2] = { buf };
	unsigned int i;
	FILE *out = tmpfile();

	if (!out)
		return NULL;
	zc_rows_init(&rs, format, "zones", out);
	zc_rows_add_column(&rs, "START", 5, true, ZC_ROWS_NUMBER);
	zc_rows_add_column(&rs, "COND", 4, true, ZC_ROWS_STRING);
	for (i = 0; i < ROWS; i++) {
		snprintf(buf, sizeof(buf), "%u", i * 7);
		cells[1] = i % 2 ? "em" : "fu";
		zc_rows_add(&rs, cells);
	}
	zc_rows_finish(&rs);
	zc_rows_free(&rs);
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
