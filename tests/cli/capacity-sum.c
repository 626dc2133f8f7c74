// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl capacity" adds up the zone capacities of the whole disk:
 * smaller capacities and a smaller last zone count as they are, and
 * conventional zones count their length.
 */
#include "config.h"

#include "cli-run.h"
#include "fixtures.h"
#include "tap.h"

int main(void)
{
	struct fake_dev *f = fixture_capacity();
	struct cli_result res;

	tap_plan(6);
	/*
	 * Conventional 2 x 1024, capacity 1024 x 5 (zones 2-4, 7-8),
	 * 768 x 2 (zones 5-6), 256 (zone 9): 2048 + 5120 + 1536 + 256.
	 */
	cli_run(f, "capacity", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_eq_str(res.out, "4.4M\n", "8960 sectors, as lsblk prints sizes");
	tap_eq_str(res.err, "", "nothing on stderr");
	cli_result_free(&res);

	cli_run(f, "capacity --bytes", &res);
	tap_eq_str(res.out, "4587520\n", "sum in bytes: 8960 x 512");
	cli_result_free(&res);

	cli_run(f, "capacity -b", &res);
	tap_eq_str(res.out, "4587520\n", "-b");
	cli_result_free(&res);

	/* Without reported capacities every zone counts its length. */
	f->has_capacity = false;
	cli_run(f, "capacity -b", &res);
	tap_eq_str(res.out, "4980736\n", "no capacities: (9 x 1024 + 512) x 512");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
