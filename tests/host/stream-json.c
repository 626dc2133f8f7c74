// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl's JSON output printed in batches is one valid document: the
 * members ahead of the rows, then every row once, with typed values; an
 * empty report is an empty array.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream.h"
#include "tap.h"

#define ROWS 2500

static int write_doc(const char *path, unsigned int rows)
{
	struct zc_stream zs;
	struct libscols_column *cl;
	char buf[32];
	unsigned int i;
	FILE *out;
	int ret = -1;

	out = fopen(path, "w");
	if (!out)
		return -1;
	if (zc_stream_init(&zs, ZC_FORMAT_JSON, "zones", 1024))
		goto out;
	zc_stream_set_output(&zs, out);
	if (zc_stream_set_json_head(&zs, "\"cached\": true"))
		goto out;
	cl = scols_table_new_column(zs.tb, "START", 0, 0);
	scols_column_set_json_type(cl, SCOLS_JSON_NUMBER);
	scols_table_new_column(zs.tb, "COND", 0, 0);
	cl = scols_table_new_column(zs.tb, "RESET", 0, 0);
	scols_column_set_json_type(cl, SCOLS_JSON_BOOLEAN);
	for (i = 0; i < rows; i++) {
		struct libscols_line *ln = zc_stream_new_line(&zs);

		snprintf(buf, sizeof(buf), "%u", i);
		scols_line_set_data(ln, 0, buf);
		scols_line_set_data(ln, 1, i % 2 ? "em" : "f\"u");
		scols_line_set_data(ln, 2, i % 3 ? "0" : "1");
		if (zc_stream_commit(&zs))
			goto out;
	}
	ret = zc_stream_finish(&zs);
out:
	zc_stream_free(&zs);
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
