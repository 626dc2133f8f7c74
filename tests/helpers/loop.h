/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef HOSTTEST_LOOP_H
#define HOSTTEST_LOOP_H

#include <stdint.h>

/*
 * A loop device over an unlinked temporary file.  It is set to clear itself
 * when its last user closes it, so a crashed test leaves nothing behind.
 */
struct loopdev {
	int fd;
	char path[64];
};

/* Returns 0, or a negative errno (the caller skips its tests). */
int loop_create(uint64_t size, struct loopdev *ld);
/*
 * Adds partition @partno from @start for @len bytes (BLKPG: no partition
 * table parsing needed) and waits for its device node.
 */
int loop_add_partition(struct loopdev *ld, int partno, uint64_t start,
		       uint64_t len, char *path, size_t pathsize);
void loop_destroy(struct loopdev *ld);

#endif /* HOSTTEST_LOOP_H */
