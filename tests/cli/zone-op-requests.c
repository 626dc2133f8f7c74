// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl's zone operations send one request per run of sequential zones
 * (conventional zones split the range, nothing else does), and a failure
 * part-way names the zones that were done and the ones that failed.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "cli-run.h"
#include "tap.h"

static void conventional(struct fake_dev *f, unsigned int z)
{
	f->zones[z].type = BLK_ZONE_TYPE_CONVENTIONAL;
	f->zones[z].cond = BLK_ZONE_COND_NOT_WP;
	f->zones[z].wp = f->zones[z].start + f->zones[z].len;
}

/* 16 zones of 2048 sectors, zones 0, 5 and 10 conventional. */
static struct fake_dev *device(void)
{
	struct fake_dev *f = fake_new(16, 2048);

	conventional(f, 0);
	conventional(f, 5);
	conventional(f, 10);
	return f;
}

static void check_err(const char *args, unsigned int fail_call, int err,
		      unsigned int calls, const char *want)
{
	struct fake_dev *f = device();
	struct cli_result res;

	f->mgmt_fail_call = fail_call;
	f->mgmt_fail_err = err;
	cli_run(f, args, &res);
	tap_ok(res.status == 1 && f->mgmt_calls == calls &&
	       cli_lines(res.err) == 1 && strstr(res.err, want),
	       "%s: status %d, %u requests, '%s'", args, res.status,
	       f->mgmt_calls, res.err);
	cli_result_free(&res);
	fake_free(f);
}

int main(void)
{
	struct fake_dev *f = device();
	struct cli_result res;

	tap_plan(5);
	cli_run(f, "open -c 16 -v", &res);
	tap_ok(res.status == 0 && f->mgmt_calls == 3,
	       "open of 16 zones, 3 conventional: 3 requests (%u)",
	       f->mgmt_calls);
	tap_ok(cli_has_line(res.out, "fake: opened zones 11-15 (sectors "
			    "22528-32767)"), "--verbose names each: %s",
	       res.out);
	cli_result_free(&res);
	fake_free(f);

	check_err("open -c 16", 2, -ETOOMANYREFS, 2,
		  "fake: zones 1-4 were opened, then the open of zones 6-9 "
		  "failed: the open zone limit (128 zones) is reached");
	check_err("finish -c 16", 3, -EIO, 3,
		  "fake: zones 1-9 were finished (conventional zones skipped), "
		  "then the finish of zones 11-15 failed: Input/output error");
	check_err("close -z 1 -c 1", 1, -EIO, 1,
		  "fake: close of zone 1 failed: Input/output error");
	return tap_done();
}
