// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * One zoned block device ioctl, for the guest tests' shell cases:
 *
 *   zone-ioctl DEVICE getzonesz|getnrzones
 *   zone-ioctl DEVICE report SECTOR COUNT [cached]
 *   zone-ioctl [-r] DEVICE reset|open|close|finish SECTOR NR_SECTORS
 *
 * Prints the answer (reports as "START LEN CAP WP TYPE COND" lines in
 * 512-byte sectors), or the errno's name on stderr with exit status 1.
 * -r opens the device read-only.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/blkzoned.h>

#ifndef BLKREPORTZONEV2
#define BLKREPORTZONEV2 _IOWR(0x12, 142, struct blk_zone_report)
#endif
#define REP_CACHED (1U << 31)

static const char *errno_name(int err)
{
	switch (err) {
	case EINVAL: return "EINVAL";
	case EBADF: return "EBADF";
	case ENOTTY: return "ENOTTY";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EIO: return "EIO";
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ENXIO: return "ENXIO";
	default: return strerror(err);
	}
}

static int fail(const char *what)
{
	int err = errno;

	fprintf(stderr, "%s: %s\n", what, errno_name(err));
	return 1;
}

static uint64_t number(const char *s)
{
	char *end;
	uint64_t v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || *end || end == s) {
		fprintf(stderr, "zone-ioctl: bad number '%s'\n", s);
		exit(2);
	}
	return v;
}

static int report(int fd, uint64_t sector, uint32_t count, int cached)
{
	struct blk_zone_report *rep;
	unsigned long cmd = cached ? BLKREPORTZONEV2 : BLKREPORTZONE;
	uint32_t i;

	rep = calloc(1, sizeof(*rep) + (size_t)count * sizeof(struct blk_zone));
	if (!rep)
		return fail("calloc");
	rep->sector = sector;
	rep->nr_zones = count;
	rep->flags = cached ? REP_CACHED : 0;
	if (ioctl(fd, cmd, rep)) {
		free(rep);
		return fail("report");
	}
	for (i = 0; i < rep->nr_zones; i++) {
		struct blk_zone *z = &rep->zones[i];

		printf("%" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %u %u\n",
		       (uint64_t)z->start, (uint64_t)z->len,
		       (uint64_t)z->capacity, (uint64_t)z->wp, z->type,
		       z->cond);
	}
	free(rep);
	return 0;
}

static int zone_op(int fd, const char *op, uint64_t sector, uint64_t nr)
{
	struct blk_zone_range range = { .sector = sector, .nr_sectors = nr };
	unsigned long cmd;

	if (!strcmp(op, "reset"))
		cmd = BLKRESETZONE;
	else if (!strcmp(op, "open"))
		cmd = BLKOPENZONE;
	else if (!strcmp(op, "close"))
		cmd = BLKCLOSEZONE;
	else if (!strcmp(op, "finish"))
		cmd = BLKFINISHZONE;
	else {
		fprintf(stderr, "zone-ioctl: unknown operation '%s'\n", op);
		return 2;
	}
	return ioctl(fd, cmd, &range) ? fail(op) : 0;
}

static int get_u32(int fd, unsigned long cmd, const char *what)
{
	uint32_t v;

	if (ioctl(fd, cmd, &v))
		return fail(what);
	printf("%" PRIu32 "\n", v);
	return 0;
}

int main(int argc, char **argv)
{
	int rdonly = 0, fd, ret;
	const char *op;

	if (argc > 1 && !strcmp(argv[1], "-r")) {
		rdonly = 1;
		argv++;
		argc--;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: zone-ioctl [-r] DEVICE OPERATION [ARGS]\n");
		return 2;
	}
	op = argv[2];
	fd = open(argv[1], rdonly ? O_RDONLY : O_RDWR);
	if (fd < 0)
		return fail(argv[1]);

	if (!strcmp(op, "getzonesz"))
		ret = get_u32(fd, BLKGETZONESZ, op);
	else if (!strcmp(op, "getnrzones"))
		ret = get_u32(fd, BLKGETNRZONES, op);
	else if (!strcmp(op, "report") && (argc == 5 || argc == 6))
		ret = report(fd, number(argv[3]), number(argv[4]), argc == 6);
	else if (argc == 5)
		ret = zone_op(fd, op, number(argv[3]), number(argv[4]));
	else {
		fprintf(stderr, "zone-ioctl: bad arguments for '%s'\n", op);
		ret = 2;
	}
	close(fd);
	return ret;
}
