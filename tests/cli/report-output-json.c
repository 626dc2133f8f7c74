// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl report --json" is one JSON document with typed values for every
 * zone, and says whether the report was cached.
 */
#include "config.h"

#include <stdio.h>

#include "cli-run.h"
#include "tap.h"

#define NR 3000

int main(void)
{
	struct fake_dev *f = fake_new(NR, 1024);
	struct cli_result res;

	if (!cli_have_jq())
		tap_skip_all("jq not found");
	tap_plan(7);
	f->zones[1].cond = BLK_ZONE_COND_CLOSED;
	f->zones[1].wp += 24;
	f->zones[1].reset = 1;

	cli_report(f, "--json -o +WPOFF,TYPE-NUM", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_ok(cli_jq(res.out, ".cached == false"), "not cached");
	tap_ok(cli_jq(res.out, ".zones | length == 3000"), "every zone");
	tap_ok(cli_jq(res.out, ".zones[1] == {\"zone\": 1, \"start\": 1024, "
			       "\"len\": 1024, "
			       "\"cap\": 1024, \"wptr\": 1048, \"type\": \"swr\", "
			       "\"cond\": \"cl\", \"reset\": true, "
			       "\"nonseq\": false, \"wpoff\": 24, "
			       "\"type-num\": 2}"),
	       "typed values of a zone");
	tap_ok(cli_jq(res.out, "[.zones[].start] == [range(0; 3072000; 1024)]"),
	       "zones in order");
	cli_result_free(&res);

	f->has_cached = true;
	cli_report(f, "--json --cached", &res);
	tap_ok(cli_jq(res.out, ".cached == true"), "cached");
	tap_ok(cli_jq(res.out, ".zones[1].cond == \"ac\""),
	       "closed is active in a cached report");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
