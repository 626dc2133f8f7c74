// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The legend of "zonectl map" lists the symbols the map draws and nothing
 * else, each with the number of zones in its condition; conditions that
 * no cell shows (a cell of several zones shows the most notable one) are
 * counted on a line of their own; the fill digits are explained only
 * when the map shows one.
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

	tap_plan(11);
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

	/* 64 zones on one column: two zones a cell. */
	f = fake_new(64, 1024);
	f->zones[0].cond = BLK_ZONE_COND_IMP_OPEN;
	f->zones[0].wp += 512;
	f->zones[1].cond = BLK_ZONE_COND_FULL;
	f->zones[1].wp += 1024;
	cli_run(f, "map -w 2", &res);
	tap_ok(cli_starts(res.out, "fake: 64 zones from zone 0, 2 zones per "
			  "cell\no7\n.\n"), "the full zone hides in the open "
	       "zone's cell: %s", res.out);
	tap_eq_str(legend(res.out),
		   "Legend:\n"
		   " .  empty: 62 zones\n"
		   " o  implicitly open: 1 zone\n"
		   " not drawn (in cells of more notable zones): full: 1 zone\n"
		   " 0-9 after a symbol: tenths of the capacity written\n",
		   "no F in the legend, the full zone counted apart");
	tap_ok(!strstr(legend(res.out), " F "), "no symbol the map lacks");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
