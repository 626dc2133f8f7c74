// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl's range and filter options reach the report: --offset, --length
 * and --count in sectors or with size suffixes, --cond and --type; an
 * offset past the end is an error.
 */
#include "config.h"

#include <string.h>

#include "cli-run.h"
#include "tap.h"

int main(void)
{
	struct fake_dev *f = fake_new(16, 2048);
	struct cli_result res;

	tap_plan(9);
	fake_set_conventional(f, 2);
	f->zones[5].cond = BLK_ZONE_COND_FULL;

	cli_report(f, "-r -n -o START -O 4096 -c 2", &res);
	tap_eq_str(res.out, "4096\n6144\n", "--offset in sectors, --count");
	cli_result_free(&res);

	cli_report(f, "-r -n -o START --offset 3MiB --length 1M", &res);
	tap_eq_str(res.out, "6144\n", "--offset and --length with suffixes");
	cli_result_free(&res);

	cli_report(f, "-r -n -o START -l 2049", &res);
	tap_eq_str(res.out, "0\n2048\n", "--length across a zone boundary");
	cli_result_free(&res);

	cli_report(f, "-r -n -o START --cond FULL,nw", &res);
	tap_eq_str(res.out, "0\n2048\n10240\n", "--cond");
	cli_result_free(&res);

	cli_report(f, "-r -n -o START --type cnv", &res);
	tap_eq_str(res.out, "0\n2048\n", "--type");
	cli_result_free(&res);

	cli_report(f, "-r -n -o START -O 32768", &res);
	tap_eq_int(res.status, 1, "offset at the end: exit status");
	tap_ok(strstr(res.err, "beyond the end") != NULL,
	       "offset at the end: message");
	tap_eq_str(res.out, "", "offset at the end: no output");
	cli_result_free(&res);

	cli_report(f, "-r -O 1000KB", &res);
	tap_ok(res.status == 1 && strstr(res.err, "multiple of 512"),
	       "offset not a multiple of 512 bytes");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
