// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Answers that make no sense end the report with -EIO instead of a loop
 * without end or a read past the buffer.
 */
#include "config.h"

#include <errno.h>

#include "fake-dev.h"
#include "tap.h"

int main(void)
{
	struct blkzone_report_iter *it = NULL;
	struct blkzone_dev *dev;
	struct blkzone_zone z;
	struct fake_dev *f = fake_new(16, 256);
	int ret;

	tap_plan(4);
	f->answer_too_many = true;
	fake_open(f, &dev);
	tap_eq_int(blkzone_report_start(dev, NULL, &it), -EIO,
		   "more zones than asked for");
	tap_ok(it == NULL, "no iterator");

	f->answer_too_many = false;
	f->answer_zero_len = true;
	ret = blkzone_report_start(dev, NULL, &it);
	tap_eq_int(ret, 0, "start");
	if (!ret) {
		tap_eq_int(blkzone_report_next(it, &z), -EIO,
			   "a zone of length 0");
		blkzone_report_end(it);
	} else {
		tap_skip(1, "no iterator");
	}
	blkzone_close(dev);
	fake_free(f);
	return tap_done();
}
