// SPDX-License-Identifier: MIT
/*
 * zone-reset: reset the zone that holds an offset, or every zone, of a
 * zoned block device with libblkzone.
 *
 *   cc -o zone-reset zone-reset.c $(pkg-config --cflags --libs libblkzone)
 *   ./zone-reset /dev/nullb0 268435456	# the zone holding byte 256 MiB
 *   ./zone-reset /dev/nullb0		# all zones
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libblkzone.h>

int main(int argc, char **argv)
{
	struct blkzone_dev *dev;
	struct blkzone_zone z;
	unsigned long long offset = 0;
	char *end;
	int ret;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s DEVICE [OFFSET]\n", argv[0]);
		return 2;
	}
	if (argc == 3) {
		errno = 0;
		offset = strtoull(argv[2], &end, 0);
		if (errno || end == argv[2] || *end) {
			fprintf(stderr, "%s: bad offset '%s'\n", argv[0],
				argv[2]);
			return 2;
		}
	}

	/* Zone operations need a handle open for writing. */
	ret = blkzone_open(argv[1], O_RDWR, &dev);
	if (ret) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(-ret));
		return 1;
	}

	if (argc == 2) {
		ret = blkzone_zone_op_all(dev, BLKZONE_OP_RESET);
		if (ret)
			goto fail;
		printf("%s: all zones reset\n", argv[1]);
	} else {
		/* Operations take whole zones: find the one at the offset. */
		ret = blkzone_zone_at(dev, offset, 0, &z);
		if (ret)
			goto fail;
		ret = blkzone_zone_op(dev, BLKZONE_OP_RESET, z.start, z.len);
		if (ret)
			goto fail;
		printf("%s: zone at %" PRIu64 " (%" PRIu64 " bytes) %s\n",
		       argv[1], z.start, z.len,
		       blkzone_op_name(BLKZONE_OP_RESET));
	}
	blkzone_close(dev);
	return 0;

fail:
	fprintf(stderr, "%s: %s\n", argv[1], strerror(-ret));
	blkzone_close(dev);
	return 1;
}
