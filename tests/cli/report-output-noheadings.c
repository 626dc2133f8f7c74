// SPDX-License-Identifier: GPL-2.0-or-later
/* --noheadings drops the header line of raw and table output. */
#include "config.h"

#include <string.h>

#include "cli-run.h"
#include "tap.h"

int main(void)
{
	struct fake_dev *f = fake_new(3, 1024);
	struct cli_result res;

	tap_plan(3);
	cli_report(f, "-r -n -o START,COND", &res);
	tap_eq_str(res.out, "0 em\n1024 em\n2048 em\n", "raw");
	cli_result_free(&res);

	cli_report(f, "-n -o START", &res);
	tap_eq_int(cli_lines(res.out), 3, "table: zone lines only");
	tap_ok(!strstr(res.out, "START"), "table: no header");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
