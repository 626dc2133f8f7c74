// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include "fixtures.h"

struct fake_dev *fixture_capacity(void)
{
	struct fake_dev *f = fake_new(10, 1024);

	fake_set_conventional(f, 2);
	f->zones[0].capacity = 512;
	f->zones[5].capacity = 768;
	f->zones[6].capacity = 768;
	fake_set_last_zone_len(f, 512);
	f->zones[9].capacity = 256;
	return f;
}

static void set(struct fake_dev *f, unsigned int i, uint8_t cond,
		uint64_t written)
{
	f->zones[i].cond = cond;
	f->zones[i].wp = f->zones[i].start + written;
}

struct fake_dev *fixture_mixed(void)
{
	struct fake_dev *f = fake_new(12, 1024);

	fake_set_conventional(f, 3);
	set(f, 5, BLK_ZONE_COND_IMP_OPEN, 256);
	set(f, 6, BLK_ZONE_COND_EXP_OPEN, 640);
	set(f, 7, BLK_ZONE_COND_CLOSED, 768);
	set(f, 8, BLK_ZONE_COND_FULL, 1024);
	set(f, 9, BLK_ZONE_COND_FULL, 1024);
	f->zones[9].type = BLK_ZONE_TYPE_SEQWRITE_PREF;
	f->zones[9].capacity = 512;
	f->zones[10].cond = BLK_ZONE_COND_READONLY;
	f->zones[10].wp = (uint64_t)-1;
	f->zones[11].cond = BLK_ZONE_COND_OFFLINE;
	f->zones[11].wp = (uint64_t)-1;
	return f;
}
