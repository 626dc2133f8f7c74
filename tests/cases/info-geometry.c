// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blkzone_get_info() agrees with the zone report, and with what the test
 * setup says the device is ($EXPECT_ZONED, $EXPECT_LBS, $EXPECT_SMALL_LAST,
 * $EXPECT_SMALL_CAP, as the guest setups and the image driver export).
 * On a regular disk, the info says so and reports are refused.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"

static const char *model_word(enum blkzone_model m)
{
	switch (m) {
	case BLKZONE_MODEL_NONE: return "none";
	case BLKZONE_MODEL_HOST_AWARE: return "host-aware";
	case BLKZONE_MODEL_HOST_MANAGED: return "host-managed";
	default: return "unknown";
	}
}

int main(int argc, char **argv)
{
	const char *zoned = getenv("EXPECT_ZONED"), *lbs = getenv("EXPECT_LBS");
	const char *small_last = getenv("EXPECT_SMALL_LAST");
	const char *small_cap = getenv("EXPECT_SMALL_CAP");
	struct blkzone_report_iter *it;
	struct blkzone_info *i;
	struct case_dev c;
	uint64_t sum = 0;
	size_t k, first_seq;

	case_open(&c, argc, argv, true);
	i = &c.info;
	if (zoned && *zoned)
		tap_ok(!strcmp(model_word(i->model), zoned), "model is %s (%s)",
		       zoned, model_word(i->model));
	tap_eq_errno(i->logical_block_size, lbs && *lbs ? atoi(lbs) : (int)i->logical_block_size,
		     "logical block size %u", i->logical_block_size);
	tap_ok(i->logical_block_size >= 512 &&
	       !(i->logical_block_size & (i->logical_block_size - 1)),
	       "it is a power of 2 from 512");
	tap_ok(i->physical_block_size >= i->logical_block_size,
	       "physical block size %u holds a logical block", i->physical_block_size);
	tap_ok(!i->is_partition && !i->partition_offset, "not a partition");
	tap_ok(i->capacity > 0 && i->capacity % i->logical_block_size == 0,
	       "capacity %llu is whole blocks", (unsigned long long)i->capacity);

	if (i->model == BLKZONE_MODEL_NONE) {
		tap_eq_errno(i->nr_zones, 0, "a regular disk has no zones");
		tap_eq_errno((long long)i->zone_size, 0, "nor a zone size");
		tap_eq_errno(blkzone_report_start(c.dev, NULL, &it), -EOPNOTSUPP,
			     "reports are refused: -EOPNOTSUPP");
		tap_eq_errno(blkzone_zone_op_all(c.dev, BLKZONE_OP_RESET), -EOPNOTSUPP,
			     "zone operations are refused: -EOPNOTSUPP");
		return case_finish(&c);
	}

	tap_eq_errno(i->nr_zones, c.nr, "nr_zones equals the zones reported");
	tap_ok(i->zone_size && !(i->zone_size & (i->zone_size - 1)),
	       "zone size %llu is a power of 2", (unsigned long long)i->zone_size);
	tap_eq_errno((long long)c.zones[0].len, (long long)i->zone_size,
		     "the first zone has the zone size");
	for (k = 0; k < c.nr; k++)
		sum += c.zones[k].len;
	tap_eq_errno((long long)sum, (long long)i->capacity, "the zones add up to the capacity");
	tap_eq_errno(i->nr_zones, (i->capacity + i->zone_size - 1) / i->zone_size,
		     "nr_zones is the capacity in zones, rounded up");
	first_seq = case_seq(&c, 0);
	tap_eq_errno((long long)i->zone_capacity, (long long)c.zones[first_seq].capacity,
		     "zone_capacity is the first sequential zone's");
	if (small_cap && *small_cap)
		tap_ok(i->zone_capacity < i->zone_size,
		       "zone capacity is smaller than the zone size");
	else
		tap_eq_errno((long long)i->zone_capacity, (long long)i->zone_size,
			     "zone capacity is the zone size");
	if (small_last && *small_last)
		tap_ok(c.zones[c.nr - 1].len < i->zone_size, "the last zone is smaller");
	else
		tap_eq_errno((long long)c.zones[c.nr - 1].len, (long long)i->zone_size,
			     "the last zone has the zone size");
	tap_ok(!i->max_active_zones || !i->max_open_zones ||
	       i->max_active_zones >= i->max_open_zones,
	       "active limit %u, open limit %u: no fewer active than open",
	       i->max_active_zones, i->max_open_zones);
	if (getenv("EXPECT_MAX_OPEN"))
		tap_eq_errno(i->max_open_zones, atoi(getenv("EXPECT_MAX_OPEN")), "open limit");
	if (getenv("EXPECT_MAX_ACTIVE"))
		tap_eq_errno(i->max_active_zones, atoi(getenv("EXPECT_MAX_ACTIVE")), "active limit");
	tap_ok(i->zone_write_granularity == 0 ||
	       i->zone_write_granularity % i->logical_block_size == 0,
	       "zone write granularity %u is whole blocks", i->zone_write_granularity);
	return case_finish(&c);
}
