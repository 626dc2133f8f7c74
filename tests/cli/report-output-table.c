// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The default table has the default columns, one header, a line per zone,
 * and columns that line up across output batches.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-run.h"
#include "tap.h"

#define NR 5000

int main(void)
{
	struct fake_dev *f = fake_new(NR, 65536);
	struct cli_result res;
	char *line, *save = NULL;
	unsigned int n = 0, misaligned = 0;
	size_t pos = 0;

	tap_plan(4);
	f->zones[NR - 1].cond = BLK_ZONE_COND_FULL;
	f->zones[NR - 1].wp += 65536;
	cli_report(f, "", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_ok(!strncmp(res.out, "ZONE     START", 14) &&
	       strstr(res.out, "LEN") && strstr(res.out, "NONSEQ\n"),
	       "default header");
	/* COND is the seventh column: it starts at the same place everywhere. */
	for (line = strtok_r(res.out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), n++) {
		const char *c = n ? strstr(line, " em ") : strstr(line, " COND");

		if (!c)
			c = strstr(line, " fu ");
		if (!c || (pos && (size_t)(c - line) != pos))
			misaligned++;
		else
			pos = c - line;
	}
	tap_eq_int(n, NR + 1, "header and a line per zone");
	tap_eq_int(misaligned, 0, "misaligned lines");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
