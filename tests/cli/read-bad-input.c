// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Inputs that capacity, summary and map cannot use: exit status 1,
 * nothing on stdout and one line on stderr that names the problem.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-run.h"
#include "tap.h"

static const char *const commands[] = { "capacity", "summary", "map" };

static void check(struct fake_dev *f, const char *args, bool device,
		  const char *what)
{
	struct cli_result res;

	if (device)
		cli_run(f, args, &res);
	else
		cli_run_argv(f, args, &res);
	tap_ok(res.status == 1 && !*res.out && cli_lines(res.err) == 1 &&
	       strstr(res.err, what),
	       "%s: status %d, stdout %zu bytes, stderr: %s", args, res.status,
	       strlen(res.out), res.err);
	cli_result_free(&res);
}

int main(void)
{
	struct fake_dev *f = fake_new(16, 1024);
	char args[128];
	unsigned int i;

	tap_plan(3 * 10 + 6);
	for (i = 0; i < 3; i++) {
		const char *c = commands[i];

		snprintf(args, sizeof(args), "%s --frob", c);
		check(f, args, true, "unrecognized option '--frob'");
		snprintf(args, sizeof(args), "%s -x", c);
		check(f, args, true, "invalid option '-x'");
		snprintf(args, sizeof(args), "%s", c);
		check(f, args, false, "no device specified");
		snprintf(args, sizeof(args), "%s -c 0", c);
		check(f, args, true, "invalid count '0'");
		snprintf(args, sizeof(args), "%s -l 0", c);
		check(f, args, true, "length must not be zero");
		snprintf(args, sizeof(args), "%s -O 1.5", c);
		check(f, args, true, "invalid offset '1.5'");
		/* 16 zones of 1024 sectors end at sector 16384. */
		snprintf(args, sizeof(args), "%s -O 16384", c);
		check(f, args, true, "--offset '16384' is at or beyond the end of the device (16384 sectors, 8 MiB)");
		snprintf(args, sizeof(args), "%s fake other", c);
		check(f, args, false, "unexpected argument 'other'");
		snprintf(args, sizeof(args), "%s -O", c);
		check(f, args, false, "option '-O' requires an argument");
		snprintf(args, sizeof(args), "%s --cond zz", c);
		check(f, args, true, i == 2 ? "unrecognized option '--cond'" :
					     "unknown zone condition 'zz'");
	}
	/* Echoed as typed, --bytes or not. */
	check(f, "capacity -O 8M --bytes", true,
	      "--offset '8M' is at or beyond the end of the device");
	check(f, "summary --json --raw", true, "mutually exclusive");
	check(f, "map -w 0", true, "invalid width '0'");
	check(f, "map -w 1", true, "invalid width '1'");
	check(f, "map --width 99999", true, "invalid width '99999'");
	check(f, "map -w wide", true, "invalid width 'wide'");
	fake_free(f);
	return tap_done();
}
