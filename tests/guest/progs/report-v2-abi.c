// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The user ABI of BLKREPORTZONEV2 on a zoned disk, as TAP:
 *   report-v2-abi DEVICE [STOCK_ERRNO]
 * The request is the same as BLKREPORTZONE's; its flags are an input, and
 * unknown input flags fail with EINVAL.  With STOCK_ERRNO (EINVAL or
 * ENOTTY), the kernel is one without BLKREPORTZONEV2: the ioctl must fail
 * with that errno, as an unknown ioctl does.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
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

#define NR_ZONES 16

static int test_nr;
static int failed;

static void result(int ok, const char *what)
{
	printf("%sok %d - %s\n", ok ? "" : "not ", ++test_nr, what);
	if (!ok)
		failed = 1;
}

/* Issue one report of NR_ZONES zones; return 0 or -errno. */
static int report(int fd, unsigned long cmd, __u32 flags,
		  struct blk_zone_report *rep)
{
	memset(rep, 0, sizeof(*rep) + NR_ZONES * sizeof(struct blk_zone));
	rep->sector = 0;
	rep->nr_zones = NR_ZONES;
	rep->flags = flags;
	return ioctl(fd, cmd, rep) ? -errno : 0;
}

static struct blk_zone_report *alloc_report(void)
{
	struct blk_zone_report *rep;

	rep = calloc(1, sizeof(*rep) + NR_ZONES * sizeof(struct blk_zone));
	if (!rep) {
		perror("calloc");
		exit(1);
	}
	return rep;
}

static int same_zones(const struct blk_zone_report *a,
		      const struct blk_zone_report *b)
{
	return a->nr_zones == b->nr_zones &&
	       !memcmp(a->zones, b->zones, a->nr_zones * sizeof(a->zones[0]));
}

/* On a kernel without BLKREPORTZONEV2: it is an unknown ioctl. */
static void test_stock(int fd, const char *stock_errno)
{
	struct blk_zone_report *rep = alloc_report();
	int want = strcmp(stock_errno, "ENOTTY") ? -EINVAL : -ENOTTY;
	char what[96];

	snprintf(what, sizeof(what),
		 "BLKREPORTZONEV2 is an unknown ioctl: %s", stock_errno);
	result(report(fd, BLKREPORTZONEV2, REP_CACHED, rep) == want, what);
	snprintf(what, sizeof(what),
		 "BLKREPORTZONEV2 without flags: %s", stock_errno);
	result(report(fd, BLKREPORTZONEV2, 0, rep) == want, what);
	result(report(fd, BLKREPORTZONE, 0, rep) == 0 && rep->nr_zones > 0,
	       "BLKREPORTZONE reports zones");
	free(rep);
}

int main(int argc, char **argv)
{
	struct blk_zone_report *v1, *v2;
	int fd, ret;

	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: %s DEVICE [STOCK_ERRNO]\n", argv[0]);
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	if (argc == 3) {
		test_stock(fd, argv[2]);
		printf("1..%d\n", test_nr);
		close(fd);
		return failed;
	}

	v1 = alloc_report();
	v2 = alloc_report();
	ret = report(fd, BLKREPORTZONE, 0, v1);
	result(ret == 0 && v1->nr_zones > 0, "BLKREPORTZONE reports zones");
	result(v1->flags & BLK_ZONE_REP_CAPACITY,
	       "BLKREPORTZONE sets BLK_ZONE_REP_CAPACITY");

	ret = report(fd, BLKREPORTZONEV2, 0, v2);
	result(ret == 0, "BLKREPORTZONEV2 without flags answers");
	result(same_zones(v1, v2), "BLKREPORTZONEV2 without flags is a device report");

	ret = report(fd, BLKREPORTZONEV2, REP_CACHED, v2);
	result(ret == 0 && v2->nr_zones == v1->nr_zones,
	       "BLKREPORTZONEV2 with BLK_ZONE_REP_CACHED answers");
	result(v2->flags & BLK_ZONE_REP_CAPACITY,
	       "BLKREPORTZONEV2 sets BLK_ZONE_REP_CAPACITY");

	ret = report(fd, BLKREPORTZONEV2, 1U << 30, v2);
	result(ret == -EINVAL, "BLKREPORTZONEV2 with an unknown flag gives EINVAL");
	ret = report(fd, BLKREPORTZONEV2, REP_CACHED | 2, v2);
	result(ret == -EINVAL,
	       "BLKREPORTZONEV2 with a known and an unknown flag gives EINVAL");

	ret = report(fd, BLKREPORTZONE, 1U << 30, v2);
	result(ret == 0 && same_zones(v1, v2),
	       "BLKREPORTZONE still ignores its input flags");

	printf("1..%d\n", test_nr);
	close(fd);
	free(v1);
	free(v2);
	return failed;
}
