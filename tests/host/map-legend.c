// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The legend of "zonectl map" lists the symbols in use and nothing else,
 * each with the number of zones in its condition, and explains the fill
 * digits only when the map shows one.
 */
#include "config.h"

#include <string.h>

#include "cli-run.h"
#include "tap.h"

static const char *legend(const char *out)
{
	const char *p = strstr(out, "Legend:\n");

	return p ? p : "";
}

int main(void)
{
	struct fake_dev *f = fake_new(8, 1024);
	struct cli_result res;

	tap_plan(8);
	cli_run(f, "map", &res);
	tap_eq_str(legend(res.out), "Legend:\n .  empty: 8 zones\n",
		   "an empty disk: one symbol, no fill line");
	cli_result_free(&res);

	f->zones[0].cond = BLK_ZONE_COND_FULL;
	f->zones[0].wp += 1024;
	f->zones[1].cond = BLK_ZONE_COND_CLOSED;
	f->zones[1].wp += 100;
	f->zones[2].cond = 0x9;
	cli_run(f, "map", &res);
	tap_eq_str(legend(res.out),
		   "Legend:\n"
		   " .  empty: 5 zones\n"
		   " c  closed: 1 zone\n"
		   " F  full: 1 zone\n"
		   " ?  unknown condition: 1 zone\n"
		   " 0-9 after a symbol: tenths of the capacity written\n",
		   "symbols in use, in order, and the fill line");
	tap_ok(strstr(res.out, "\nF c0? . ") != NULL,
	       "100 of 1024 sectors: less than a tenth, 0");
	cli_result_free(&res);

	/* Open and closed zones are active in a cached report. */
	f->has_cached = true;
	cli_run(f, "map --cached", &res);
	tap_ok(strstr(legend(res.out), "\n a  active (open or closed, cached "
				       "report): 1 zone\n") != NULL,
	       "active in a cached report");
	tap_ok(!strstr(legend(res.out), "closed: "), "no closed entry");
	tap_ok(cli_starts(res.out, "fake: 8 zones from zone 0, 1 zone per "
			  "cell, cached report\n"), "the header says cached");
	tap_ok(strstr(res.out, "\nF a0? ") != NULL, "a cell");
	tap_eq_str(res.err, "", "no notice");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
