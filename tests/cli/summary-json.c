// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl summary --json" is one JSON document with typed values, null
 * where conventional zones have no fill, and whether the report was cached.
 */
#include "config.h"

#include "cli-run.h"
#include "fixtures.h"
#include "tap.h"

int main(void)
{
	struct fake_dev *f = fixture_mixed();
	struct cli_result res;

	if (!cli_have_jq())
		tap_skip_all("jq not found");
	tap_plan(7);
	cli_run(f, "summary --json", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_ok(cli_jq(res.out, ".cached == false"), "not cached");
	tap_ok(cli_jq(res.out, ".summary | length == 12"), "12 rows");
	tap_ok(cli_jq(res.out, ".summary[] | select(.group == \"cond\" and "
			       ".name == \"oe\") == {\"group\": \"cond\", "
			       "\"name\": \"oe\", \"zones\": 1, \"size\": 1024, "
			       "\"cap\": 1024, \"written\": 640, \"use%\": 62.5}"),
	       "typed values of a row");
	tap_ok(cli_jq(res.out, ".summary[] | select(.name == \"cnv\") | "
			       ".written == null and .[\"use%\"] == null"),
	       "no fill for conventional zones");
	tap_ok(cli_jq(res.out, "[.summary[] | select(.group == \"cond\") | "
			       ".zones] | add == 12"),
	       "conditions add up to the zones");
	cli_result_free(&res);

	f->has_cached = true;
	cli_run(f, "summary -J -C", &res);
	tap_ok(cli_jq(res.out, ".cached == true"), "cached");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
