// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * capacity, summary and map with --cached on a kernel without cached
 * reports print the same one-line notice as report, then answer from a
 * device report; with cached reports they print no notice.
 */
#include "config.h"

#include <string.h>

#include "cli-run.h"
#include "tap.h"

static const char *const commands[] = {
	"capacity --cached", "summary -C", "map --cached"
};

int main(void)
{
	struct fake_dev *f = fake_new(16, 1024);
	struct cli_result res;
	unsigned int i;

	tap_plan(3 * 4);
	for (i = 0; i < 3; i++) {
		f->has_cached = false;
		cli_run(f, commands[i], &res);
		tap_eq_int(res.status, 0, commands[i]);
		tap_eq_str(res.err, "zonectl: fake: no cached report in this "
			   "kernel, using a device report\n", "the notice");
		tap_ok(*res.out != '\0', "and the output");
		cli_result_free(&res);

		f->has_cached = true;
		cli_run(f, commands[i], &res);
		tap_ok(res.status == 0 && !*res.err, "%s, cached: no notice",
		       commands[i]);
		cli_result_free(&res);
	}
	fake_free(f);
	return tap_done();
}
