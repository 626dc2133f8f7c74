// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl's JSON output, written out as it grows, is one valid document: the
 * members ahead of the rows, then every row once, with typed values; an
 * empty report is an empty array.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rows.h"
#include "tap.h"

#define ROWS 2500

static int write_doc(const char *path, unsigned int rows)
{
	struct zc_rows rs;
	char buf[32];
	const char *cells[3] = { buf };
	unsigned int i;
	FILE *out;
	int ret = 0;

	out = fopen(path, "w");
	if (!out)
		return -1;
	zc_rows_init(&rs, ZC_FORMAT_JSON, "zones", out);
	rs.json_head = "\"cached\": true";
	zc_rows_add_column(&rs, "START", 0, true, ZC_ROWS_NUMBER);
	zc_rows_add_column(&rs, "COND", 0, false, ZC_ROWS_STRING);
	zc_rows_add_column(&rs, "RESET", 0, true, ZC_ROWS_BOOLEAN);
	for (i = 0; i < rows && !ret; i++) {
		snprintf(buf, sizeof(buf), "%u", i);
		cells[1] = i % 2 ? "em" : "f\"u";
		cells[2] = i % 3 ? "0" : "1";
		ret = zc_rows_add(&rs, cells);
	}
	if (!ret)
		ret = zc_rows_finish(&rs);
	zc_rows_free(&rs);
	fclose(out);
	return ret;
}

static bool jq_true(const char *jq, const char *filter, const char *path)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "'%s' -e '%s' '%s' >/dev/null", jq, filter,
		 path);
	return system(cmd) == 0;
}

int main(void)
{
	const char *jq = getenv("JQ");
	char path[] = "/tmp/blkzone-json-XXXXXX";
	int fd;

	if (!jq || !*jq)
		tap_skip_all("jq not found");
	fd = mkstemp(path);
	if (fd < 0)
		tap_skip_all("no temporary file");

	tap_plan(7);
	tap_eq_int(write_doc(path, ROWS), 0, "print 2500 rows");
	tap_ok(jq_true(jq, ".cached == true", path), "head member");
	tap_ok(jq_true(jq, ".zones | length == 2500", path), "every row");
	tap_ok(jq_true(jq, "[.zones[].start] == [range(2500)]", path),
	       "rows in order, numbers typed");
	tap_ok(jq_true(jq, ".zones[3].reset == true and .zones[4].reset == false",
		       path), "booleans typed");
	tap_ok(jq_true(jq, ".zones[0].cond == \"f\\\"u\"", path),
	       "strings escaped");
	tap_ok(write_doc(path, 0) == 0 &&
	       jq_true(jq, ".zones == [] and .cached == true", path),
	       "no rows: an empty array");
	unlink(path);
	close(fd);
	return tap_done();
}
