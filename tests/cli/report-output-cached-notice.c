// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl report --cached" on a kernel without cached reports prints the
 * device report and one notice line on stderr; with them, no notice.
 */
#include "config.h"

#include <string.h>

#include "cli-run.h"
#include "tap.h"

int main(void)
{
	struct fake_dev *f = fake_new(10, 1024);
	struct cli_result res;

	tap_plan(5);
	cli_report(f, "--cached -r -n -o START", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_eq_int(cli_lines(res.out), 10, "every zone");
	tap_ok(cli_lines(res.err) == 1 && strstr(res.err, "no cached report"),
	       "one notice: %s", res.err);
	cli_result_free(&res);

	f->has_cached = true;
	cli_report(f, "--cached -r -n -o START", &res);
	tap_eq_int(cli_lines(res.out), 10, "cached: every zone");
	tap_eq_str(res.err, "", "cached: no notice");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
