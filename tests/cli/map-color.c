// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl map" colours its cells with ANSI escapes with --color, never
 * with --plain, and by default only on a terminal: the tests' output is a
 * file, so the default is plain even with a colour TERM.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli-run.h"
#include "fixtures.h"
#include "tap.h"

int main(void)
{
	struct fake_dev *f = fixture_mixed();
	struct cli_result res;

	tap_plan(6);
	setenv("TERM", "xterm-256color", 1);
	unsetenv("NO_COLOR");

	cli_run(f, "map --color", &res);
	tap_eq_int(res.status, 0, "exit status");
	/* Zone 6 is explicitly open (bold green), 6 tenths written. */
	tap_ok(strstr(res.out, "\033[1;32mO6\033[0m") != NULL,
	       "--color: an escape around a cell");
	tap_ok(strstr(res.out, " \033[35mC\033[0m  conventional") != NULL,
	       "--color: the legend in colour too");
	cli_result_free(&res);

	cli_run(f, "map --plain", &res);
	tap_ok(!strchr(res.out, '\033'), "--plain: no escape");
	cli_result_free(&res);

	cli_run(f, "map", &res);
	tap_ok(!strchr(res.out, '\033'), "not a terminal: no escape");
	cli_result_free(&res);

	/* The last of the two options wins. */
	cli_run(f, "map --plain --color", &res);
	tap_ok(strchr(res.out, '\033') != NULL, "--plain --color: colour");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
