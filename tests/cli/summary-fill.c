// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl summary" shows how much of the sequential zones is written: up
 * to the write pointer, full zones as their capacity, nothing for zones
 * without a valid write pointer, against their capacity as a percentage.
 * Conventional zones show no fill.
 */
#include "config.h"

#include "cli-run.h"
#include "fixtures.h"
#include "tap.h"

static const char *const rows[] = {
	/* the whole raw line: ... WRITTEN USE%, in bytes (sectors x 512) */
	"type cnv 3 1572864 1572864 - -",
	"type swr 8 4194304 4194304 1376256 32.8",	/* 256+640+768+1024 of 8192 */
	"type swp 1 524288 262144 262144 100.0",
	"cond nw 3 1572864 1572864 - -",
	"cond em 2 1048576 1048576 0 0.0",
	"cond oi 1 524288 524288 131072 25.0",
	"cond oe 1 524288 524288 327680 62.5",
	"cond cl 1 524288 524288 393216 75.0",
	"cond fu 2 1048576 786432 786432 100.0",
	"cond ro 1 524288 524288 0 0.0",
	"cond ol 1 524288 524288 0 0.0",
	"total all 12 6291456 6029312 1638400 36.8",	/* 2688+512 of 8192+512 */
};

#define NROWS (sizeof(rows) / sizeof(rows[0]))

int main(void)
{
	struct fake_dev *f = fixture_mixed();
	struct cli_result res;
	unsigned int i;

	tap_plan(NROWS + 2);
	cli_run(f, "summary -r -n -b", &res);
	tap_eq_int(res.status, 0, "exit status");
	for (i = 0; i < NROWS; i++)
		tap_ok(cli_has_line(res.out, rows[i]), "%s", rows[i]);
	cli_result_free(&res);

	/* A write pointer past the capacity counts the capacity only. */
	f->zones[5].capacity = 128;
	cli_run(f, "summary -r -n -b -O 5120 -c 1", &res);
	tap_ok(cli_has_line(res.out, "total all 1 524288 65536 65536 100.0"),
	       "written capped at the capacity");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
