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
	/* the whole raw line: ... WRITTEN USE% */
	"type cnv 3 3072 3072 - -",
	"type swr 8 8192 8192 2688 32.8",	/* 256+640+768+1024 of 8192 */
	"type swp 1 1024 512 512 100.0",
	"cond nw 3 3072 3072 - -",
	"cond em 2 2048 2048 0 0.0",
	"cond oi 1 1024 1024 256 25.0",
	"cond oe 1 1024 1024 640 62.5",
	"cond cl 1 1024 1024 768 75.0",
	"cond fu 2 2048 1536 1536 100.0",
	"cond ro 1 1024 1024 0 0.0",
	"cond ol 1 1024 1024 0 0.0",
	"total all 12 12288 11776 3200 36.8",	/* 2688+512 of 8192+512 */
};

#define NROWS (sizeof(rows) / sizeof(rows[0]))

int main(void)
{
	struct fake_dev *f = fixture_mixed();
	struct cli_result res;
	unsigned int i;

	tap_plan(NROWS + 2);
	cli_run(f, "summary -r -n", &res);
	tap_eq_int(res.status, 0, "exit status");
	for (i = 0; i < NROWS; i++)
		tap_ok(cli_has_line(res.out, rows[i]), "%s", rows[i]);
	cli_result_free(&res);

	/* A write pointer past the capacity counts the capacity only. */
	f->zones[5].capacity = 128;
	cli_run(f, "summary -r -n -O 5120 -c 1", &res);
	tap_ok(cli_has_line(res.out, "total all 1 1024 128 128 100.0"),
	       "written capped at the capacity");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
