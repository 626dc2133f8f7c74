// SPDX-License-Identifier: GPL-2.0-or-later
/* --bytes prints positions and lengths in bytes instead of sectors. */
#include "config.h"

#include "cli-run.h"
#include "tap.h"

int main(void)
{
	struct fake_dev *f = fake_new(2, 2048);
	struct cli_result res;

	tap_plan(2);
	f->zones[1].wp += 16;
	f->zones[1].cond = BLK_ZONE_COND_IMP_OPEN;
	f->zones[1].capacity = 1024;
	cli_report(f, "--bytes -r -n -o START,LEN,CAP,WPTR,WPOFF", &res);
	tap_eq_int(res.status, 0, "exit status");
	tap_eq_str(res.out,
		   "0 1048576 1048576 0 0\n"
		   "1048576 1048576 524288 1056768 8192\n", "byte values");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
