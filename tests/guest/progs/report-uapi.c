// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A program written against a patched kernel's <linux/blkzoned.h> alone:
 *   report-uapi header
 *   report-uapi DEVICE device|cached
 * "header" prints the header's values of the BLKREPORTZONEV2 ABI.  The
 * report prints every zone of DEVICE, one a line,
 *   START LEN CAP WPTR TYPE COND
 * as tests/guest/report.sh does, from BLKREPORTZONE or from
 * BLKREPORTZONEV2 with BLK_ZONE_REP_CACHED.  tests/guest/uapi-progs.sh
 * builds it against the header of each series; the case report-uapi runs
 * every build on every patched kernel.  No fallback definitions: a header
 * without the ABI or its feature-test macros does not build.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/blkzoned.h>

#ifndef BLK_ZONE_REP_CACHED
#error "<linux/blkzoned.h> has no BLK_ZONE_REP_CACHED feature-test macro"
#endif
#ifndef BLK_ZONE_COND_ACTIVE
#error "<linux/blkzoned.h> has no BLK_ZONE_COND_ACTIVE feature-test macro"
#endif
#ifndef BLKREPORTZONEV2
#error "<linux/blkzoned.h> has no BLKREPORTZONEV2"
#endif

#define BATCH 256

static void print_header(void)
{
	printf("BLKREPORTZONEV2 %#lx\n", (unsigned long)BLKREPORTZONEV2);
	printf("BLK_ZONE_REP_CAPACITY %#x\n", (unsigned int)BLK_ZONE_REP_CAPACITY);
	printf("BLK_ZONE_REP_CACHED %#x\n", (unsigned int)BLK_ZONE_REP_CACHED);
	printf("BLK_ZONE_COND_ACTIVE %#x\n", (unsigned int)BLK_ZONE_COND_ACTIVE);
	printf("struct blk_zone %zu\n", sizeof(struct blk_zone));
	printf("struct blk_zone_report %zu\n", sizeof(struct blk_zone_report));
}

/* The write pointer's offset in its zone, as blkzone prints it. */
static unsigned long long wp_offset(const struct blk_zone *z)
{
	if (z->type == BLK_ZONE_TYPE_CONVENTIONAL)
		return 0;
	return (unsigned long long)(z->wp - z->start);
}

/* Print one batch; return the sector after its last zone, 0 at the end. */
static unsigned long long print_batch(const struct blk_zone_report *rep)
{
	const struct blk_zone *z = NULL;
	unsigned int i;

	for (i = 0; i < rep->nr_zones; i++) {
		z = &rep->zones[i];
		printf("%llu %llu %llu %llu %u %u\n",
		       (unsigned long long)z->start, (unsigned long long)z->len,
		       (unsigned long long)z->capacity, wp_offset(z), z->type,
		       z->cond);
	}
	return z ? z->start + z->len : 0;
}

static int print_zones(const char *path, int cached)
{
	unsigned long cmd = cached ? BLKREPORTZONEV2 : BLKREPORTZONE;
	struct blk_zone_report *rep;
	unsigned long long sector = 0;
	int fd, ret = 0;

	fd = open(path, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "report-uapi: %s: %s\n", path, strerror(errno));
		return 2;
	}
	rep = malloc(sizeof(*rep) + BATCH * sizeof(struct blk_zone));
	if (!rep) {
		close(fd);
		return 2;
	}
	do {
		memset(rep, 0, sizeof(*rep));
		rep->sector = sector;
		rep->nr_zones = BATCH;
		rep->flags = cached ? BLK_ZONE_REP_CACHED : 0;
		if (ioctl(fd, cmd, rep)) {
			fprintf(stderr, "report-uapi: %s: %s at sector %llu: %s\n",
				path, cached ? "BLKREPORTZONEV2" : "BLKREPORTZONE",
				sector, strerror(errno));
			ret = 1;
			break;
		}
		sector = print_batch(rep);
	} while (sector);
	free(rep);
	close(fd);
	return ret;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "header")) {
		print_header();
		return 0;
	}
	if (argc == 3 && (!strcmp(argv[2], "device") || !strcmp(argv[2], "cached")))
		return print_zones(argv[1], !strcmp(argv[2], "cached"));
	fprintf(stderr, "usage: report-uapi header | DEVICE device|cached\n");
	return 2;
}
