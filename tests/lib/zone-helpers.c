// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The header's helpers: the per-zone functions on zones of every kind, the
 * filter bits as functions and as macros (one evaluation of a variable
 * argument, the values of 0.1, constant expressions for static data), and
 * the version of the header against the library's and the package's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <libblkzone.h>

#include "tap.h"

#define CAP	(48ULL << 20)

/* Static data needs constant expressions, as with the 0.1 macros. */
static const uint64_t full_or_active = BLKZONE_COND_BIT(BLKZONE_COND_FULL) |
				       BLKZONE_COND_BIT(BLKZONE_COND_ACTIVE);
static const uint64_t conv_bit = BLKZONE_TYPE_BIT(BLKZONE_TYPE_CONVENTIONAL);

static unsigned int calls;

static unsigned int counted(unsigned int v)
{
	calls++;
	return v;
}

/* The 0.1 macros' values. */
static uint64_t old_cond_bit(uint64_t c)
{
	return c == 0xFF ? UINT64_C(1) << 62 : c < 62 ? UINT64_C(1) << c :
							UINT64_C(1) << 63;
}

static uint64_t old_type_bit(uint64_t t)
{
	return t < 63 ? UINT64_C(1) << t : UINT64_C(1) << 63;
}

static struct blkzone_zone zone(uint32_t type, uint32_t cond, uint64_t wp)
{
	struct blkzone_zone z = {
		.start = 64ULL << 20, .len = 64ULL << 20, .capacity = CAP,
		.type = type, .cond = cond,
	};

	z.wp = wp == BLKZONE_WP_INVALID ? wp : z.start + wp;
	return z;
}

static void expect(struct blkzone_zone z, bool seq, bool full,
		   uint64_t written, uint64_t remaining, const char *what)
{
	tap_ok(blkzone_zone_is_seq(&z) == seq &&
	       blkzone_zone_is_full(&z) == full &&
	       blkzone_zone_written(&z) == written &&
	       blkzone_zone_remaining(&z) == remaining,
	       "%s: seq %d full %d written %llu remaining %llu", what,
	       blkzone_zone_is_seq(&z), blkzone_zone_is_full(&z),
	       (unsigned long long)blkzone_zone_written(&z),
	       (unsigned long long)blkzone_zone_remaining(&z));
}

static void zones(void)
{
	const uint32_t req = BLKZONE_TYPE_SEQWRITE_REQ;
	const uint64_t mid = 5ULL << 20;

	expect(zone(BLKZONE_TYPE_CONVENTIONAL, BLKZONE_COND_NOT_WP,
		    64ULL << 20), false, false, 0, 0, "conventional");
	expect(zone(req, BLKZONE_COND_EMPTY, 0), true, false, 0, CAP, "empty");
	expect(zone(BLKZONE_TYPE_SEQWRITE_PREF, BLKZONE_COND_IMP_OPEN, mid),
	       true, false, mid, CAP - mid, "implicitly open, host-aware");
	expect(zone(req, BLKZONE_COND_EXP_OPEN, mid), true, false, mid,
	       CAP - mid, "explicitly open");
	expect(zone(req, BLKZONE_COND_CLOSED, mid), true, false, mid,
	       CAP - mid, "closed");
	expect(zone(req, BLKZONE_COND_ACTIVE, mid), true, false, mid,
	       CAP - mid, "active (cached report)");
	expect(zone(req, BLKZONE_COND_FULL, 64ULL << 20), true, true, CAP, 0,
	       "full, write pointer at the zone end");
	expect(zone(req, BLKZONE_COND_CLOSED, CAP + 4096), true, false, CAP, 0,
	       "write pointer past the capacity");
	expect(zone(req, BLKZONE_COND_READONLY, mid), true, false, mid, 0,
	       "read-only");
	expect(zone(req, BLKZONE_COND_OFFLINE, BLKZONE_WP_INVALID), true,
	       false, 0, 0, "offline, invalid write pointer");
	expect(zone(req, 0x9, mid), true, false, mid, 0, "unknown condition");
}

static void bits(void)
{
	bool same = true;
	unsigned int i;
	uint64_t m;

	for (i = 0; i < 300; i++)
		same = same && BLKZONE_COND_BIT(i) == old_cond_bit(i) &&
		       blkzone_cond_bit(i) == old_cond_bit(i) &&
		       BLKZONE_TYPE_BIT(i) == old_type_bit(i) &&
		       blkzone_type_bit(i) == old_type_bit(i);
	tap_ok(same, "the bits of 0.1 for the values 0 to 299");
	tap_eq_u64(BLKZONE_COND_BIT(-1), UINT64_C(1) << 63,
		   "a negative condition: the top bit");
	calls = 0;
	m = BLKZONE_COND_BIT(counted(BLKZONE_COND_FULL)) |
	    BLKZONE_TYPE_BIT(counted(BLKZONE_TYPE_SEQWRITE_REQ));
	tap_ok(calls == 2 && m == ((UINT64_C(1) << 0xE) | (UINT64_C(1) << 2)),
	       "each macro evaluates its argument once (%u calls)", calls);
	tap_eq_u64(full_or_active, (UINT64_C(1) << 0xE) | (UINT64_C(1) << 62),
		   "cond bits in static data");
	tap_eq_u64(conv_bit, UINT64_C(1) << 1, "type bit in static data");
}

static void version(void)
{
	char v[64];

	snprintf(v, sizeof(v), "%d.%d.%d", BLKZONE_VERSION_MAJOR,
		 BLKZONE_VERSION_MINOR, BLKZONE_VERSION_PATCH);
	tap_eq_str(v, PACKAGE_VERSION, "the version macros are configure's");
	tap_eq_u64(blkzone_version(), BLKZONE_VERSION,
		   "blkzone_version() is the header's");
	tap_ok(BLKZONE_VERSION_CODE(0, 2, 0) > BLKZONE_VERSION_CODE(0, 1, 9) &&
	       BLKZONE_VERSION_CODE(1, 0, 0) > BLKZONE_VERSION_CODE(0, 255, 255),
	       "version codes compare in release order");
}

int main(void)
{
	tap_plan(19);
	zones();
	bits();
	version();
	return tap_done();
}
