// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl map --width N" draws N / 2 cells a row (a cell is a symbol and
 * a fill digit); without a terminal the width is 80.
 */
#include "config.h"

#include <string.h>

#include "cli-run.h"
#include "tap.h"

/* Length of the first map row, the second line. */
static size_t row_len(const char *out)
{
	const char *p = strchr(out, '\n');

	return p ? strcspn(p + 1, "\n") : 0;
}

int main(void)
{
	struct fake_dev *f = fake_new(200, 1024);
	struct cli_result res;
	unsigned int i;

	tap_plan(5);
	/* Every zone partly written, so that no row loses a trailing blank. */
	for (i = 0; i < 200; i++) {
		f->zones[i].cond = BLK_ZONE_COND_CLOSED;
		f->zones[i].wp += 512;
	}
	cli_run(f, "map", &res);
	tap_eq_int(row_len(res.out), 80, "default: 80 columns");
	cli_result_free(&res);

	cli_run(f, "map -w 30", &res);
	tap_eq_int(row_len(res.out), 30, "-w 30: 15 cells");
	tap_ok(cli_starts(res.out, "fake: 200 zones from zone 0, 1 zone per cell\n"),
	       "15 x 32 cells hold 200 zones");
	cli_result_free(&res);

	cli_run(f, "map --width=7", &res);
	tap_eq_int(row_len(res.out), 6, "an odd width: 3 cells");
	cli_result_free(&res);

	cli_run(f, "map -w 2", &res);
	tap_ok(cli_starts(res.out, "fake: 200 zones from zone 0, 7 zones per "
			  "cell\n"), "-w 2: 32 cells of ceil(200 / 32) zones");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
