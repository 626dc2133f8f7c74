// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl capacity" sums only the zones that the range options and the
 * filters select, as "zonectl report" would list them.  The sums are
 * asked in bytes (--bytes); the descriptions count sectors.
 */
#include "config.h"

#include "cli-run.h"
#include "fixtures.h"
#include "tap.h"

static void check(struct fake_dev *f, const char *args, const char *want,
		  const char *what)
{
	struct cli_result res;

	cli_run(f, args, &res);
	tap_ok(res.status == 0 && tap_streq(res.out, want),
	       "%s: '%s' (status %d), want '%s'", what, res.out, res.status,
	       want);
	cli_result_free(&res);
}

int main(void)
{
	struct fake_dev *f = fixture_capacity();

	tap_plan(9);
	check(f, "capacity -O 2048 -c 4 -b", "1966080\n",
	      "zones 2-5: 3 x 1024 + 768");
	check(f, "capacity -O 5120 -l 1536 -b", "786432\n",
	      "sectors 5120-6655 overlap zones 5-6: 2 x 768");
	check(f, "capacity -O 5200 -l 1 -b", "393216\n",
	      "an offset inside a zone takes the whole zone");
	check(f, "capacity --offset 1M --count 1 --bytes", "524288\n",
	      "1 MiB is zone 2: 1024 x 512 bytes");
	check(f, "capacity -O 9216 -b", "131072\n", "the smaller last zone alone");
	check(f, "capacity --type cnv -b", "1048576\n",
	      "conventional zones: their lengths");
	check(f, "capacity --type swr -b", "3538944\n",
	      "sequential zones: 5 x 1024 + 2 x 768 + 256");
	check(f, "capacity --cond em -c 6 -b", "1966080\n",
	      "empty zones among the first 6: zones 2-5");
	check(f, "capacity --cond fu -b", "0\n", "no zone matches: 0");
	fake_free(f);
	return tap_done();
}
