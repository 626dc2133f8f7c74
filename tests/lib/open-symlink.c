// SPDX-License-Identifier: GPL-2.0-or-later
/* A symbolic link to a block device opens the device it points to. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libblkzone.h>

#include "loop.h"
#include "tap.h"

#define SIZE (12ULL << 20)

int main(void)
{
	char dir[] = "/tmp/blkzone-test-XXXXXX", link[64], link2[64];
	struct blkzone_info info;
	struct blkzone_dev *dev;
	struct loopdev ld;
	int ret;

	ret = loop_create(SIZE, &ld);
	if (ret)
		tap_skip_all("no loop device: %s", strerror(-ret));
	if (!mkdtemp(dir)) {
		loop_destroy(&ld);
		tap_skip_all("cannot make a temporary directory");
	}
	snprintf(link, sizeof(link), "%s/disk", dir);
	snprintf(link2, sizeof(link2), "%s/disk2", dir);
	if (symlink(ld.path, link) < 0 || symlink(link, link2) < 0) {
		loop_destroy(&ld);
		tap_skip_all("cannot make a symbolic link");
	}

	tap_plan(3);
	ret = blkzone_open(link2, O_RDONLY, &dev);
	if (tap_eq_int(ret, 0, "open through two links")) {
		tap_eq_int(blkzone_get_info(dev, &info), 0, "get_info");
		tap_eq_u64(info.capacity, SIZE, "capacity of the target");
		blkzone_close(dev);
	} else {
		tap_skip(2, "no handle");
	}
	unlink(link2);
	unlink(link);
	rmdir(dir);
	loop_destroy(&ld);
	return tap_done();
}
