// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * In a cached report the open and closed zones are active: "zonectl
 * summary --cached" has an "ac" row for them.  Conditions and types the
 * library has no name for are counted as "unknown", as the report names
 * them.
 */
#include "config.h"

#include <string.h>

#include "cli-run.h"
#include "fixtures.h"
#include "tap.h"

int main(void)
{
	struct fake_dev *f = fixture_mixed();
	struct cli_result res;

	tap_plan(7);
	f->has_cached = true;
	cli_run(f, "summary -r -n -b --cached", &res);
	tap_eq_int(res.status, 0, "exit status");
	/* Zones 5-7: 256 + 640 + 768 = 1664 of 3072 written. */
	tap_ok(cli_has_line(res.out, "cond ac 3 1572864 1572864 851968 54.2"),
	       "active row");
	tap_ok(!strstr(res.out, "cond oi") && !strstr(res.out, "cond oe") &&
	       !strstr(res.out, "cond cl"), "no open or closed rows");
	cli_result_free(&res);

	f->has_cached = false;
	f->zones[3].type = 0x7;
	f->zones[4].cond = 0x9;
	cli_run(f, "summary -r -n -b", &res);
	tap_ok(cli_has_line(res.out, "type unknown 1 524288 524288 0 0.0"),
	       "unknown type");
	tap_ok(cli_has_line(res.out, "cond unknown 1 524288 524288 0 0.0"),
	       "unknown condition");
	tap_ok(cli_has_line(res.out, "cond em 1 524288 524288 0 0.0"),
	       "the other empty zone");
	tap_ok(cli_has_line(res.out, "total all 12 6291456 6029312 1638400 36.8"),
	       "same total");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
