// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Zone images: the encoding of the header and the record slots, and the
 * checks that say what is wrong with a damaged one (format in
 * image-format.h).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "image-private.h"

/* Contract in image-private.h. */
int img_fault(struct fault *f, int err, const char *fmt, ...)
{
	va_list ap;

	if (f && f->msg && f->size) {
		va_start(ap, fmt);
		vsnprintf(f->msg, f->size, fmt, ap);
		va_end(ap);
	}
	return err;
}

/* Contract in image-format.h. */
uint64_t img_checksum(uint64_t seed, const void *buf, size_t n)
{
	const unsigned char *p = buf;
	uint64_t h = UINT64_C(0xcbf29ce484222325) ^ seed;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= p[i];
		h *= UINT64_C(0x100000001b3);
	}
	/* FNV alone mixes the last bytes poorly. */
	h ^= h >> 33;
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	return h;
}

/* @v as @n bytes, little endian. */
static void put_le(unsigned char *p, uint64_t v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		p[i] = v >> (8 * i);
}

static uint64_t get_le(const unsigned char *p, unsigned int n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 8) | p[n];
	return v;
}

static void put32(unsigned char *p, uint32_t v)
{
	put_le(p, v, 4);
}

static void put64(unsigned char *p, uint64_t v)
{
	put_le(p, v, 8);
}

static uint32_t get32(const unsigned char *p)
{
	return get_le(p, 4);
}

static uint64_t get64(const unsigned char *p)
{
	return get_le(p, 8);
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

static uint64_t geo_cap(const struct blkzone_image_geometry *g)
{
	return g->zone_capacity ? g->zone_capacity : g->zone_size;
}

static uint64_t geo_last_size(const struct blkzone_image_geometry *g)
{
	return g->last_zone_size ? g->last_zone_size : g->zone_size;
}

static uint64_t geo_last_cap(const struct blkzone_image_geometry *g)
{
	uint64_t cap = geo_cap(g), size = geo_last_size(g);

	if (g->last_zone_capacity)
		return g->last_zone_capacity;
	return cap < size ? cap : size;
}

/* Contract in image-private.h. */
uint64_t img_geometry_bytes(const struct blkzone_image_geometry *g)
{
	return (uint64_t)(g->nr_zones - 1) * g->zone_size + geo_last_size(g);
}

/* Whether the last zone differs from the others: a version 2 image. */
static bool geo_odd_last_zone(const struct blkzone_image_geometry *g)
{
	return geo_last_size(g) != g->zone_size || geo_last_cap(g) != geo_cap(g);
}

/* The last zone's rules: 0, or -EUCLEAN with what breaks them in @f. */
static int last_zone_check(const struct blkzone_image_geometry *g,
			   struct fault *f)
{
	uint64_t size = geo_last_size(g), cap = geo_last_cap(g);

	if (size > g->zone_size || size % g->logical_block_size)
		return damaged(f, "last zone size %" PRIu64 " is larger than "
			       "the zone size or not whole blocks", size);
	if (cap > size || cap % g->logical_block_size)
		return damaged(f, "last zone capacity %" PRIu64 " is larger "
			       "than the last zone or not whole blocks", cap);
	return 0;
}

/*
 * The geometry rules of blkzone_image_create(3), with the capacities
 * filled: 0, or -EUCLEAN with what breaks them in @f.
 */
static int geometry_check(const struct blkzone_image_geometry *g,
			  struct fault *f)
{
	uint64_t cap = geo_cap(g);

	if (g->model != BLKZONE_MODEL_HOST_MANAGED &&
	    g->model != BLKZONE_MODEL_HOST_AWARE)
		return damaged(f, "model %u is neither host-aware nor "
			       "host-managed", (unsigned int)g->model);
	if (g->logical_block_size != 512 && g->logical_block_size != 4096)
		return damaged(f, "logical block size %" PRIu32 " is neither "
			       "512 nor 4096", g->logical_block_size);
	if (!is_pow2(g->zone_size) || g->zone_size < IMG_MIN_ZONE_SIZE ||
	    g->zone_size > IMG_MAX_ZONE_SIZE ||
	    g->zone_size % g->logical_block_size)
		return damaged(f, "zone size %" PRIu64 " is not a power of 2 "
			       "from 4096 to 2^40", g->zone_size);
	if (!cap || cap > g->zone_size || cap % g->logical_block_size)
		return damaged(f, "zone capacity %" PRIu64 " is 0, larger than "
			       "the zone size or not whole blocks", cap);
	if (!g->nr_zones || g->nr_zones > IMG_MAX_ZONES)
		return damaged(f, "%" PRIu32 " zones, not 1 to %u",
			       g->nr_zones, IMG_MAX_ZONES);
	if (g->nr_conv_zones >= g->nr_zones)
		return damaged(f, "%" PRIu32 " conventional zones of %" PRIu32
			       ": no sequential zone", g->nr_conv_zones,
			       g->nr_zones);
	if (g->max_open_zones && g->max_active_zones &&
	    g->max_active_zones < g->max_open_zones)
		return damaged(f, "active zone limit %" PRIu32 " below the "
			       "open zone limit %" PRIu32, g->max_active_zones,
			       g->max_open_zones);
	return last_zone_check(g, f);
}

/* Contract in image-private.h. */
int img_geometry_check(const struct blkzone_image_geometry *g, struct fault *f)
{
	return geometry_check(g, f);
}

/* Contract in image-private.h. */
bool img_geometry_valid(const struct blkzone_image_geometry *g)
{
	size_t i;

	for (i = 0; i < sizeof(g->reserved) / sizeof(g->reserved[0]); i++)
		if (g->reserved[i])
			return false;
	return !geometry_check(g, NULL);
}

/* Contract in image-private.h. */
void img_encode_header(const struct blkzone_image_geometry *g,
		       unsigned char *h)
{
	memset(h, 0, IMG_HDR_SIZE);
	memcpy(h, IMG_MAGIC, IMG_MAGIC_LEN);
	put32(h + 8, geo_odd_last_zone(g) ? IMG_VERSION : IMG_VERSION_MIN);
	put32(h + 12, IMG_HDR_SIZE);
	put32(h + 16, g->model);
	put32(h + 20, g->logical_block_size);
	put64(h + 24, g->zone_size);
	put64(h + 32, g->zone_capacity ? g->zone_capacity : g->zone_size);
	put32(h + 40, g->nr_zones);
	put32(h + 44, g->nr_conv_zones);
	put32(h + 48, g->max_open_zones);
	put32(h + 52, g->max_active_zones);
	put64(h + 56, IMG_REC_OFFSET);
	put64(h + 64, img_data_offset(g->nr_zones));
	if (geo_odd_last_zone(g)) {
		put64(h + 72, geo_last_size(g));
		put64(h + 80, geo_last_cap(g));
	}
	put64(h + IMG_HDR_CSUM_OFF,
	      img_checksum(IMG_HDR_SEED, h, IMG_HDR_CSUM_OFF));
}

/* Contract in image-private.h. */
void img_encode_slot(uint32_t zone, const struct zrec *z, unsigned char *s)
{
	memset(s, 0, IMG_SLOT_SIZE);
	put64(s, z->wp);
	put64(s + 8, z->data_end);
	put32(s + 16, z->gen);
	s[20] = z->cond;
	put64(s + IMG_SLOT_CSUM_OFF,
	      img_checksum(IMG_REC_SEED ^ zone, s, IMG_SLOT_CSUM_OFF));
}

static bool slot_valid(uint32_t zone, const unsigned char *s)
{
	return get64(s + IMG_SLOT_CSUM_OFF) ==
	       img_checksum(IMG_REC_SEED ^ zone, s, IMG_SLOT_CSUM_OFF);
}

static bool rec_consistent(const struct image *img, uint32_t zone,
			   const struct zrec *z)
{
	uint64_t cap = img_zone_cap(img, zone);

	if (img_is_conv(img, zone))
		return z->cond == BLKZONE_COND_NOT_WP && !z->wp &&
		       !z->data_end;
	if (z->wp > cap || z->data_end > cap || z->wp % img->lbs ||
	    z->data_end % img->lbs)
		return false;
	switch (z->cond) {
	case BLKZONE_COND_EMPTY:
		return !z->wp && !z->data_end;
	case BLKZONE_COND_IMP_OPEN:
		return z->wp && z->wp < cap && z->data_end == z->wp;
	case BLKZONE_COND_CLOSED:
		/* NVMe keeps an empty zone closed; ZBC empties it. */
		return z->wp < cap && z->data_end == z->wp;
	case BLKZONE_COND_EXP_OPEN:
		return z->wp < cap && z->data_end == z->wp;
	case BLKZONE_COND_FULL:
		return z->wp == cap;
	default:
		return false;
	}
}

/* The state of @z, impossible for @zone: 0, or -EUCLEAN said in @f. */
static int rec_check(const struct image *img, uint32_t zone,
		     const struct zrec *z, struct fault *f)
{
	if (rec_consistent(img, zone, z))
		return 0;
	return damaged(f, "zone record %" PRIu32 ": impossible state for a "
		       "%s zone: condition 0x%x, write pointer %" PRIu64
		       ", data end %" PRIu64 ", zone capacity %" PRIu64,
		       zone,
		       img_is_conv(img, zone) ? "conventional" : "sequential",
		       z->cond, z->wp, z->data_end, img_zone_cap(img, zone));
}

/* The slot of a record that holds the zone's state, or -EUCLEAN. */
static int pick_slot(uint32_t zone, const unsigned char *rec,
		     struct fault *f)
{
	bool ok0 = slot_valid(zone, rec);
	bool ok1 = slot_valid(zone, rec + IMG_SLOT_SIZE);
	int32_t d;

	if (!ok0 && !ok1)
		return damaged(f, "zone record %" PRIu32 ": checksum mismatch "
			       "in both slots", zone);
	if (!ok0 || !ok1)
		return ok0 ? 0 : 1;
	d = (int32_t)(get32(rec + 16) - get32(rec + IMG_SLOT_SIZE + 16));
	if (!d)
		return damaged(f, "zone record %" PRIu32 ": both slots have "
			       "generation %" PRIu32, zone, get32(rec + 16));
	return d > 0 ? 0 : 1;
}

/* One record from its two slots; -EUCLEAN if no slot holds a valid state. */
int img_decode_rec(const struct image *img, uint32_t zone,
		   const unsigned char *rec, struct zrec *z,
		   struct fault *f)
{
	int pick = pick_slot(zone, rec, f);

	if (pick < 0)
		return pick;
	rec += pick * IMG_SLOT_SIZE;
	if (rec[21] || rec[22] || rec[23])
		return damaged(f, "zone record %" PRIu32 ": reserved bytes of "
			       "slot %d not zero", zone, pick);
	z->wp = get64(rec);
	z->data_end = get64(rec + 8);
	z->gen = get32(rec + 16);
	z->cond = rec[20];
	z->slot = pick;
	return rec_check(img, zone, z, f);
}

/* The header fields outside the geometry: 0 or -EUCLEAN said in @f. */
static int header_frame_check(const unsigned char *h, struct fault *f)
{
	uint32_t version = get32(h + 8), i;

	if (get64(h + IMG_HDR_CSUM_OFF) !=
	    img_checksum(IMG_HDR_SEED, h, IMG_HDR_CSUM_OFF))
		return damaged(f, "header checksum mismatch");
	if (version < IMG_VERSION_MIN || version > IMG_VERSION)
		return damaged(f, "unknown format version %" PRIu32 " (this "
			       "library reads versions %u to %u)", version,
			       IMG_VERSION_MIN, IMG_VERSION);
	if (get32(h + 12) != IMG_HDR_SIZE)
		return damaged(f, "header size %" PRIu32 ", not %u",
			       get32(h + 12), IMG_HDR_SIZE);
	for (i = version == 1 ? 72 : 88; i < IMG_HDR_CSUM_OFF; i++)
		if (h[i])
			return damaged(f, "reserved header byte %" PRIu32
				       " is not zero", i);
	return 0;
}

static void decode_geometry(const unsigned char *h,
			    struct blkzone_image_geometry *g)
{
	memset(g, 0, sizeof(*g));
	g->model = get32(h + 16);
	g->logical_block_size = get32(h + 20);
	g->zone_size = get64(h + 24);
	g->zone_capacity = get64(h + 32);
	g->nr_zones = get32(h + 40);
	g->nr_conv_zones = get32(h + 44);
	g->max_open_zones = get32(h + 48);
	g->max_active_zones = get32(h + 52);
	g->last_zone_size = get64(h + 72);
	g->last_zone_capacity = get64(h + 80);
}

/* The layout the geometry gives, against the header and the file size. */
static int layout_check(const unsigned char *h,
			const struct blkzone_image_geometry *g,
			uint64_t file_size, struct fault *f)
{
	uint64_t data = img_data_offset(g->nr_zones);
	uint64_t size = img_geometry_bytes(g);

	if (get64(h + 56) != IMG_REC_OFFSET)
		return damaged(f, "records offset %" PRIu64 ", not %u",
			       get64(h + 56), IMG_REC_OFFSET);
	if (get64(h + 64) != data)
		return damaged(f, "data offset %" PRIu64 ", not %" PRIu64,
			       get64(h + 64), data);
	if (file_size >= data && file_size - data >= size)
		return 0;
	if (geo_last_size(g) != g->zone_size)
		return damaged(f, "truncated at byte %" PRIu64 ": %" PRIu32
			       " zones of %" PRIu64 " bytes, the last of %"
			       PRIu64 ", need %" PRIu64 " bytes", file_size,
			       g->nr_zones, g->zone_size, geo_last_size(g),
			       data + size);
	return damaged(f, "truncated at byte %" PRIu64 ": %" PRIu32
		       " zones of %" PRIu64 " bytes need %" PRIu64 " bytes",
		       file_size, g->nr_zones, g->zone_size, data + size);
}

/* Contract in image-private.h. */
int img_decode_header(const unsigned char *h, uint64_t file_size,
		      struct image *img, struct fault *f)
{
	struct blkzone_image_geometry g;
	int ret;

	ret = header_frame_check(h, f);
	if (ret)
		return ret;
	decode_geometry(h, &g);
	/* Capacities of 0 are for the caller of create, never on disk. */
	if (!g.zone_capacity)
		return damaged(f, "zone capacity 0");
	if (get32(h + 8) > 1 && (!g.last_zone_size || !g.last_zone_capacity))
		return damaged(f, "last zone size or capacity 0");
	ret = geometry_check(&g, f);
	if (!ret)
		ret = layout_check(h, &g, file_size, f);
	if (ret)
		return ret;

	img->model = g.model;
	img->lbs = g.logical_block_size;
	img->zone_size = g.zone_size;
	img->zone_cap = g.zone_capacity;
	img->last_size = geo_last_size(&g);
	img->last_cap = geo_last_cap(&g);
	img->nr_zones = g.nr_zones;
	img->nr_conv = g.nr_conv_zones;
	img->max_open = g.max_open_zones;
	img->max_active = g.max_active_zones;
	img->data_offset = img_data_offset(g.nr_zones);
	return 0;
}
