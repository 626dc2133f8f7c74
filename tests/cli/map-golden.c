// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl map --plain" of a small disk, one cell per zone: the exact
 * output, from the layout in fixtures.h.
 */
#include "config.h"

#include <string.h>

#include "cli-run.h"
#include "fixtures.h"
#include "tap.h"

/*
 * Zones 5-7 are partly written: 256, 640 and 768 of 1024 sectors, that
 * is 2, 6 and 7 tenths.
 */
static const char one_row[] =
	"fake: 12 zones from zone 0, 1 zone per cell\n"
	"C C C . . o2O6c7F F R X\n"
	"Legend:\n"
	" .  empty: 2 zones\n"
	" o  implicitly open: 1 zone\n"
	" O  explicitly open: 1 zone\n"
	" c  closed: 1 zone\n"
	" F  full: 2 zones\n"
	" C  conventional: 3 zones\n"
	" R  read-only: 1 zone\n"
	" X  offline: 1 zone\n"
	" 0-9 after a symbol: tenths of the capacity written\n";

/* 10 columns: 5 cells a row. */
static const char three_rows[] =
	"fake: 12 zones from zone 0, 1 zone per cell\n"
	"C C C . .\n"
	"o2O6c7F F\n"
	"R X\n";

int main(void)
{
	struct fake_dev *f = fixture_mixed();
	struct cli_result res;

	tap_plan(5);
	cli_run(f, "map --plain", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_eq_str(res.out, one_row, "the whole output, 80 columns");
	tap_eq_str(res.err, "", "nothing on stderr");
	cli_result_free(&res);

	cli_run(f, "map --plain --width 10", &res);
	tap_ok(cli_starts(res.out, three_rows),
	       "rows of 5 cells");
	tap_ok(strstr(res.out, "Legend:\n") ==
	       res.out + sizeof(three_rows) - 1, "the legend follows");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
