// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "zonectl report --raw" prints one header line, then one line per zone
 * with single spaces between decimal 512-byte sector values and names:
 * the stable form that scripts and the guest tests compare with blkzone.
 * Zones without a write pointer (conventional, offline) have "-" for
 * WPTR, so that every line has as many fields.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-run.h"
#include "tap.h"

#define ZS 524288ULL

int main(void)
{
	static const char want[] =
		"START LEN CAP WPTR WPOFF TYPE COND TYPE-NUM COND-NUM RESET NONSEQ\n"
		"0 524288 524288 - 0 cnv nw 1 0 0 0\n"
		"524288 524288 500000 524288 0 swr em 2 1 0 0\n"
		"1048576 524288 500000 1048676 100 swr oi 2 2 1 0\n"
		"1572864 524288 500000 2097152 524288 swr fu 2 14 0 0\n"
		"2097152 524288 500000 2097160 8 swp cl 3 4 0 1\n"
		"2621440 524288 500000 2621440 0 unknown unknown 7 9 0 0\n"
		"3145728 524288 500000 - 18446744073706405887 swr ol 2 15 0 0\n";
	struct fake_dev *f = fake_new(7, ZS);
	struct cli_result res;
	int i;

	tap_plan(3);
	fake_set_conventional(f, 1);
	for (i = 1; i < 7; i++)
		f->zones[i].capacity = 500000;
	f->zones[2].cond = BLK_ZONE_COND_IMP_OPEN;
	f->zones[2].wp += 100;
	f->zones[2].reset = 1;
	f->zones[3].cond = BLK_ZONE_COND_FULL;
	f->zones[3].wp += ZS;
	f->zones[4].type = BLK_ZONE_TYPE_SEQWRITE_PREF;
	f->zones[4].cond = BLK_ZONE_COND_CLOSED;
	f->zones[4].wp += 8;
	f->zones[4].non_seq = 1;
	f->zones[5].type = 7;
	f->zones[5].cond = 9;
	/* null_blk's offline zones have no write pointer. */
	f->zones[6].cond = BLK_ZONE_COND_OFFLINE;
	f->zones[6].wp = (uint64_t)-1;

	cli_report(f, "--raw -o START,LEN,CAP,WPTR,WPOFF,TYPE,COND,TYPE-NUM,"
		      "COND-NUM,RESET,NONSEQ", &res);
	tap_eq_int(res.status, 0, "exit status");
	if (!tap_eq_str(res.out, want, "output"))
		tap_diag("got:\n%s", res.out);
	tap_eq_str(res.err, "", "nothing on stderr");
	cli_result_free(&res);
	fake_free(f);
	return tap_done();
}
