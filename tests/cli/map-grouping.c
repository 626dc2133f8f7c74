// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * When the zones outnumber the cells, "zonectl map" gives each cell a
 * group of consecutive zones, says how many in its header and stays within
 * 32 rows.  A group shows its most notable condition and the fill of all
 * its zones.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-run.h"
#include "tap.h"

/* The map rows: the lines between the header and the legend. */
static unsigned int map_rows(const char *out, char *first, size_t len)
{
	const char *p = strchr(out, '\n'), *end = strstr(out, "Legend:");
	unsigned int n = 0;

	if (!p || !end)
		return 0;
	p++;
	snprintf(first, len, "%.*s", (int)(strchr(p, '\n') - p), p);
	for (; p < end; p++)
		if (*p == '\n')
			n++;
	return n;
}

int main(void)
{
	struct fake_dev *f = fake_new(1000, 1024);
	struct fake_dev *big = fake_new(100000, 64);
	struct cli_result res;
	char first[128];

	tap_plan(7);
	/* Groups of 4 below: zones 4-7 hold an offline zone. */
	f->zones[5].cond = BLK_ZONE_COND_OFFLINE;
	f->zones[5].wp = (uint64_t)-1;
	/* Zones 8-11: one full zone, 1024 of 4096 sectors. */
	f->zones[9].cond = BLK_ZONE_COND_FULL;
	f->zones[9].wp = f->zones[9].start + 1024;
	/*
	 * Zones 12-15: a closed and an explicitly open zone with 512 each,
	 * 1024 of 4096 sectors; explicitly open is the more notable.
	 */
	f->zones[12].cond = BLK_ZONE_COND_CLOSED;
	f->zones[12].wp = f->zones[12].start + 512;
	f->zones[14].cond = BLK_ZONE_COND_EXP_OPEN;
	f->zones[14].wp = f->zones[14].start + 512;

	/*
	 * 20 columns: 10 cells a row, 320 cells at most: 1000 zones need
	 * groups of 4 (ceil(1000 / 320)), 250 cells in 25 rows.
	 */
	cli_run(f, "map --plain -w 20", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_ok(cli_starts(res.out, "fake: 1000 zones from zone 0, 4 zones per "
			  "cell\n"), "header");
	tap_eq_int(map_rows(res.out, first, sizeof(first)), 25, "rows");
	/* Zones 0-3 empty, 4-7 offline, 8-11 full, 12-15 open, 2 tenths. */
	tap_eq_str(first, ". X F2O2. . . . . .", "groups");
	cli_result_free(&res);

	cli_run(f, "map --plain -w 20 -O 8192 -c 8", &res);
	tap_ok(cli_starts(res.out, "fake: 8 zones from zone 8, 1 zone per cell\n"
			  ". F . . c5. O5.\n"), "a range, one zone a cell");
	cli_result_free(&res);

	/*
	 * 100000 zones on 80 columns: 40 x 32 = 1280 cells, groups of 79,
	 * 1266 cells: 32 rows, the last one partly filled.
	 */
	cli_run(big, "map --plain", &res);
	tap_ok(cli_starts(res.out, "fake: 100000 zones from zone 0, 79 zones "
			  "per cell\n"), "header of a large disk");
	tap_eq_int(map_rows(res.out, first, sizeof(first)), 32, "32 rows");
	cli_result_free(&res);
	fake_free(big);
	fake_free(f);
	return tap_done();
}
