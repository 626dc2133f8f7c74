/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef HOSTTEST_FIXTURES_H
#define HOSTTEST_FIXTURES_H

#include "fake-dev.h"

/*
 * Fake disks shared by the tests of zonectl's read commands.  The layouts
 * are spelled out here so that each test can state its expected values.
 */

/*
 * 10 zones of 1024 sectors:
 *   0-1  conventional (zone 0 claims a capacity of 512: lengths count)
 *   2-4  empty, capacity 1024
 *   5-6  empty, capacity 768
 *   7-8  empty, capacity 1024
 *   9    empty, 512 sectors long (the disk ends there), capacity 256
 */
struct fake_dev *fixture_capacity(void);

/*
 * 12 zones of 1024 sectors, every capacity 1024 unless said:
 *   0-2  conventional (nw)
 *   3-4  empty
 *   5    implicitly open, 256 written
 *   6    explicitly open, 640 written
 *   7    closed, 768 written
 *   8    full
 *   9    full, sequential write preferred, capacity 512
 *   10   read-only, no valid write pointer
 *   11   offline, no valid write pointer
 */
struct fake_dev *fixture_mixed(void);

#endif /* HOSTTEST_FIXTURES_H */
