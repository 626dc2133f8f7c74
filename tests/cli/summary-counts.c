// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl summary" counts the zones, their lengths and capacities per
 * zone type and per zone condition, with a total, on a disk that has
 * zones in every condition.
 */
#include "config.h"

#include <string.h>

#include "cli-run.h"
#include "fixtures.h"
#include "tap.h"

static const char *const rows[] = {
	/* GROUP NAME ZONES SIZE CAP, from the layout in fixtures.h */
	"type cnv 3 1572864 1572864",
	"type swr 8 4194304 4194304",
	"type swp 1 524288 262144",
	"cond nw 3 1572864 1572864",
	"cond em 2 1048576 1048576",
	"cond oi 1 524288 524288",
	"cond oe 1 524288 524288",
	"cond cl 1 524288 524288",
	"cond fu 2 1048576 786432",
	"cond ro 1 524288 524288",
	"cond ol 1 524288 524288",
	"total all 12 6291456 6029312",
};

#define NROWS (sizeof(rows) / sizeof(rows[0]))

int main(void)
{
	struct fake_dev *f = fixture_mixed();
	struct cli_result res;
	const char *p;
	unsigned int i;

	tap_plan(NROWS + 6);
	cli_run(f, "summary --raw --noheadings --bytes", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_eq_int(cli_lines(res.out), NROWS, "a row per type and condition "
		   "present, and the total");
	for (i = 0; i < NROWS; i++)
		tap_ok(cli_has_line_prefix(res.out, rows[i]), "%s", rows[i]);
	tap_ok(!cli_has_line_prefix(res.out, "cond ac"), "no active row in a device report");
	cli_result_free(&res);

	cli_run(f, "summary -r -n", &res);
	tap_ok(cli_has_line_prefix(res.out, "total all 12 6M 5.8M"),
	       "without --bytes, as lsblk: 12288 and 11776 sectors of 512 "
	       "bytes");
	cli_result_free(&res);

	cli_run(f, "summary -r -n -b -O 3072 -c 2", &res);
	tap_ok(cli_has_line_prefix(res.out, "total all 2 1048576 1048576") &&
	       cli_has_line_prefix(res.out, "cond em 2 1048576 1048576") &&
	       cli_lines(res.out) == 3, "a range: zones 3-4, empty");
	cli_result_free(&res);

	cli_run(f, "summary", &res);
	p = strstr(res.out, "GROUP");
	tap_ok(p == res.out && (p = strstr(p, "NAME")) &&
	       (p = strstr(p, "ZONES")) && (p = strstr(p, "SIZE")) &&
	       (p = strstr(p, "CAP")) && (p = strstr(p, "WRITTEN")) &&
	       (p = strstr(p, "USE%")) && strchr(p, '\n') == p + 4,
	       "table header");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
