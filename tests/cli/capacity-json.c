// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl capacity --json" is one object with the zone count, the sum and
 * whether the report was cached.
 */
#include "config.h"

#include "cli-run.h"
#include "fixtures.h"
#include "tap.h"

int main(void)
{
	struct fake_dev *f = fixture_capacity();
	struct cli_result res;

	if (!cli_have_jq())
		tap_skip_all("jq not found");
	tap_plan(6);
	cli_run(f, "capacity --json", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_ok(cli_jq(res.out, ". == {\"cached\": false, \"zones\": 10, "
			       "\"capacity\": 8960}"), "whole disk");
	cli_result_free(&res);

	cli_run(f, "capacity -J --bytes -O 2048 -c 3", &res);
	tap_ok(cli_jq(res.out, ".zones == 3 and .capacity == 3 * 1024 * 512"),
	       "a range in bytes");
	cli_result_free(&res);

	cli_run(f, "capacity -J --type cnv", &res);
	tap_ok(cli_jq(res.out, ".zones == 2 and .capacity == 2048"),
	       "filtered zones are not counted");
	cli_result_free(&res);

	f->has_cached = true;
	cli_run(f, "capacity -J --cached", &res);
	tap_ok(cli_jq(res.out, ".cached == true and .capacity == 8960"),
	       "a cached report says so");
	tap_eq_str(res.err, "", "no notice");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
