// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Zone images: an emulated zoned device in a regular file (format in
 * image-format.h).
 *
 * Crash safety rests on three rules.  Data is written before the record
 * that makes it visible: a write lands past the write pointer (reads there
 * return zeros) and only the record update moves the pointer.  A record
 * update is one pwrite() of one slot inside one page, which a fatal signal
 * cannot cut, and the other slot still holds the previous state should it
 * be cut anyway.  Operations on several zones are sequences of such
 * updates, each leaving a valid image.
 *
 * Opening an image reads and checks its header only.  Each operation
 * reads, under the lock, the records it needs, and checks them: a damaged
 * record fails the calls that read it with -EUCLEAN, and
 * blkzone_image_check() reads them all.
 *
 * Processes sharing an image serialise with flock() (shared to read
 * records, exclusive to change them) and read the records again under the
 * lock for each operation.  flock() belongs to the open file, which the
 * threads of a handle share, so a mutex serialises them first.
 *
 * The header and the records are read and written through a descriptor of
 * their own, buffered and readable, and zone data through the one opened
 * with the caller's flags: with O_DIRECT, 32-byte record slots could not
 * go through it, and with O_WRONLY records could not be read.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "blkzone-private.h"
#include "image-format.h"

struct image {
	pthread_mutex_t lock;
	int fd;			/* zone data, opened with the caller's flags */
	int mfd;		/* header and records; may be @fd */
	enum blkzone_model model;
	uint32_t lbs;
	uint64_t zone_size;
	uint64_t zone_cap;
	uint32_t nr_zones;
	uint32_t nr_conv;
	uint32_t max_open;
	uint32_t max_active;
	uint64_t data_offset;
};

struct zrec {
	uint64_t wp;		/* bytes from the zone start */
	uint64_t data_end;	/* bytes from the zone start */
	uint32_t gen;
	uint8_t cond;
	uint8_t slot;		/* the slot that holds this state */
};

/* Records read or written at a time. */
#define REC_BATCH	1024U

/*
 * Where the checks say what is wrong with a damaged image, for
 * blkzone_image_check(); NULL where only the error matters.
 */
struct fault {
	char *msg;
	size_t size;
};

static int __attribute__((format(printf, 3, 4)))
fault(struct fault *f, int err, const char *fmt, ...)
{
	va_list ap;

	if (f && f->msg && f->size) {
		va_start(ap, fmt);
		vsnprintf(f->msg, f->size, fmt, ap);
		va_end(ap);
	}
	return err;
}

#define damaged(f, ...)	fault(f, -EUCLEAN, __VA_ARGS__)

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

static void put32(unsigned char *p, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		p[i] = v >> (8 * i);
}

static void put64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

static uint32_t get32(const unsigned char *p)
{
	uint32_t v = 0;
	int i;

	for (i = 3; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static uint64_t get64(const unsigned char *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/*
 * The geometry rules of blkzone_image_create(3), with the capacity filled:
 * 0, or -EUCLEAN with what breaks them in @f.
 */
static int geometry_check(const struct blkzone_image_geometry *g,
			  struct fault *f)
{
	uint64_t cap = g->zone_capacity ? g->zone_capacity : g->zone_size;

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
	return 0;
}

static bool geometry_valid(const struct blkzone_image_geometry *g)
{
	size_t i;

	for (i = 0; i < sizeof(g->reserved) / sizeof(g->reserved[0]); i++)
		if (g->reserved[i])
			return false;
	return !geometry_check(g, NULL);
}

static void encode_header(const struct blkzone_image_geometry *g,
			  unsigned char *h)
{
	memset(h, 0, IMG_HDR_SIZE);
	memcpy(h, IMG_MAGIC, IMG_MAGIC_LEN);
	put32(h + 8, IMG_VERSION);
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
	put64(h + IMG_HDR_CSUM_OFF,
	      img_checksum(IMG_HDR_SEED, h, IMG_HDR_CSUM_OFF));
}

static void encode_slot(uint32_t zone, const struct zrec *z, unsigned char *s)
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

static bool is_conv(const struct image *img, uint32_t zone)
{
	return zone < img->nr_conv;
}

static bool rec_consistent(const struct image *img, uint32_t zone,
			   const struct zrec *z)
{
	uint64_t cap = img->zone_cap;

	if (is_conv(img, zone))
		return z->cond == BLKZONE_COND_NOT_WP && !z->wp &&
		       !z->data_end;
	if (z->wp > cap || z->data_end > cap || z->wp % img->lbs ||
	    z->data_end % img->lbs)
		return false;
	switch (z->cond) {
	case BLKZONE_COND_EMPTY:
		return !z->wp && !z->data_end;
	case BLKZONE_COND_IMP_OPEN:
	case BLKZONE_COND_CLOSED:
		return z->wp && z->wp < cap && z->data_end == z->wp;
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
		       zone, is_conv(img, zone) ? "conventional" : "sequential",
		       z->cond, z->wp, z->data_end, img->zone_cap);
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
static int decode_rec(const struct image *img, uint32_t zone,
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

static int pread_full(int fd, void *buf, size_t len, uint64_t off)
{
	unsigned char *p = buf;
	ssize_t n;

	while (len) {
		n = pread(fd, p, len, off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (!n)
			return -ENODATA;
		p += n;
		len -= n;
		off += n;
	}
	return 0;
}

static int pwrite_full(int fd, const void *buf, size_t len, uint64_t off)
{
	const unsigned char *p = buf;
	ssize_t n;

	while (len) {
		n = pwrite(fd, p, len, off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (!n)
			return -EIO;
		p += n;
		len -= n;
		off += n;
	}
	return 0;
}

/*
 * Runs @fn on the records [@first, @first + @n), at most REC_BATCH of them
 * at a time: @k records from @zone, with a buffer for them that starts
 * zeroed.  Stops at the first error.
 */
static int rec_batches(uint32_t first, uint32_t n,
		       int (*fn)(void *arg, uint32_t zone, uint32_t k,
				 unsigned char *buf),
		       void *arg)
{
	unsigned char *buf;
	uint32_t done, k;
	int ret = 0;

	/* Not even a buffer for no records: calloc(0) may give NULL. */
	if (!n)
		return 0;
	buf = calloc(n < REC_BATCH ? n : REC_BATCH, IMG_REC_SIZE);
	if (!buf)
		return -ENOMEM;
	for (done = 0; done < n && !ret; done += k) {
		k = n - done < REC_BATCH ? n - done : REC_BATCH;
		ret = fn(arg, first + done, k, buf);
	}
	free(buf);
	return ret;
}

/* What walk_recs() does with each record: the @i-th, of @zone. */
typedef void rec_visit(void *arg, uint32_t zone, uint32_t i,
		       const struct zrec *z);

struct rec_walk {
	const struct image *img;
	uint32_t first;
	rec_visit *visit;
	void *arg;
	struct fault *f;
};

static int walk_batch(void *arg, uint32_t zone, uint32_t k,
		      unsigned char *buf)
{
	const struct rec_walk *w = arg;
	struct zrec z;
	uint32_t i;
	int ret;

	ret = pread_full(w->img->mfd, buf, (size_t)k * IMG_REC_SIZE,
			 IMG_REC_OFFSET + (uint64_t)zone * IMG_REC_SIZE);
	if (ret == -ENODATA)
		ret = damaged(w->f, "zone record %" PRIu32 ": past the end "
			      "of the file", zone);
	for (i = 0; i < k && !ret; i++) {
		ret = decode_rec(w->img, zone + i,
				 buf + (size_t)i * IMG_REC_SIZE, &z, w->f);
		if (!ret)
			w->visit(w->arg, zone + i, zone + i - w->first, &z);
	}
	return ret;
}

/*
 * Reads and checks the records [@first, @first + @n) and hands each to
 * @visit, stopping at the first damaged one: -EUCLEAN said in @f.
 */
static int walk_recs(const struct image *img, uint32_t first, uint32_t n,
		     rec_visit *visit, void *arg, struct fault *f)
{
	struct rec_walk w = {
		.img = img,
		.first = first,
		.visit = visit,
		.arg = arg,
		.f = f,
	};

	return rec_batches(first, n, walk_batch, &w);
}

static void store_rec(void *arg, uint32_t zone, uint32_t i,
		      const struct zrec *z)
{
	struct zrec *out = arg;

	(void)zone;
	out[i] = *z;
}

/* Records [@first, @first + @n) into @out. */
static int read_recs(const struct image *img, uint32_t first, uint32_t n,
		     struct zrec *out)
{
	return walk_recs(img, first, n, store_rec, out, NULL);
}

/* Commits @z as the new state of @zone: one write of one slot. */
static int write_rec(const struct image *img, uint32_t zone, struct zrec *z)
{
	unsigned char s[IMG_SLOT_SIZE];
	struct zrec next = *z;
	int ret;

	next.gen = z->gen + 1;
	next.slot = !z->slot;
	encode_slot(zone, &next, s);
	ret = pwrite_full(img->mfd, s, sizeof(s),
			  IMG_REC_OFFSET + (uint64_t)zone * IMG_REC_SIZE +
			  next.slot * IMG_SLOT_SIZE);
	if (ret)
		return ret;
	*z = next;
	return 0;
}

static int lock_file(struct image *img, int op)
{

	pthread_mutex_lock(&img->lock);
	while (flock(img->mfd, op) < 0) {
		if (errno != EINTR) {
			int ret = -errno;

			pthread_mutex_unlock(&img->lock);
			return ret;
		}
	}
	return 0;
}

static void unlock_file(struct image *img)
{

	flock(img->mfd, LOCK_UN);
	pthread_mutex_unlock(&img->lock);
}

static bool is_open(uint8_t cond)
{
	return cond == BLKZONE_COND_IMP_OPEN || cond == BLKZONE_COND_EXP_OPEN;
}

static bool is_active(uint8_t cond)
{
	return is_open(cond) || cond == BLKZONE_COND_CLOSED;
}

static bool limited(const struct image *img)
{
	return img->max_open || img->max_active;
}

/* Open and active zones within the limits: 0 or -EUCLEAN said in @f. */
static int limits_check(const struct image *img, uint32_t nr_open,
			uint32_t nr_active, struct fault *f)
{
	if (img->max_open && nr_open > img->max_open)
		return damaged(f, "%" PRIu32 " zones open, over the open zone "
			       "limit of %" PRIu32, nr_open, img->max_open);
	if (img->max_active && nr_active > img->max_active)
		return damaged(f, "%" PRIu32 " zones active, over the active "
			       "zone limit of %" PRIu32, nr_active,
			       img->max_active);
	return 0;
}

static void count(const struct image *img, const struct zrec *all,
		  uint32_t *nr_open, uint32_t *nr_active);

/* Records [@first, @first + @n) into a new array. */
static int read_range(const struct image *img, uint32_t first, uint32_t n,
		      struct zrec **recsp)
{
	struct zrec *recs;
	int ret;

	recs = malloc((size_t)n * sizeof(*recs));
	if (!recs)
		return -ENOMEM;
	ret = read_recs(img, first, n, recs);
	if (ret) {
		free(recs);
		return ret;
	}
	*recsp = recs;
	return 0;
}

/*
 * The records a change needs: all of them when the open and active limits
 * must be counted, else those of [@first, @first + @n).  *@base is the
 * zone number of recs[0].
 */
static int load(const struct image *img, uint32_t first, uint32_t n,
		struct zrec **recsp, uint32_t *base)
{
	struct zrec *recs;
	int ret;

	if (limited(img)) {
		first = 0;
		n = img->nr_zones;
	}
	ret = read_range(img, first, n, &recs);
	if (ret)
		return ret;
	if (limited(img)) {
		uint32_t nr_open, nr_active;

		/* The limit arithmetic relies on the counts being in range. */
		count(img, recs, &nr_open, &nr_active);
		ret = limits_check(img, nr_open, nr_active, NULL);
		if (ret) {
			free(recs);
			return ret;
		}
	}
	*recsp = recs;
	*base = first;
	return 0;
}

static void count(const struct image *img, const struct zrec *all,
		  uint32_t *nr_open, uint32_t *nr_active)
{
	uint32_t i;

	*nr_open = *nr_active = 0;
	if (!limited(img))
		return;
	for (i = img->nr_conv; i < img->nr_zones; i++) {
		*nr_open += is_open(all[i].cond);
		*nr_active += is_active(all[i].cond);
	}
}

/* The first implicitly open zone outside [@skip, @skip_end), or UINT32_MAX. */
static uint32_t victim(const struct image *img, const struct zrec *all,
		       uint32_t after, uint32_t skip, uint32_t skip_end)
{
	uint32_t i;

	for (i = after; i < img->nr_zones; i++)
		if (all[i].cond == BLKZONE_COND_IMP_OPEN &&
		    (i < skip || i >= skip_end))
			return i;
	return UINT32_MAX;
}

static int implicit_close(const struct image *img, struct zrec *all,
			  uint32_t zone)
{
	all[zone].cond = BLKZONE_COND_CLOSED;
	return write_rec(img, zone, &all[zone]);
}

/* --- backend operations ---------------------------------------------------- */

static int image_geometry(struct blkzone_dev *dev,
			  struct blkzone_geometry *geo)
{
	const struct image *img = dev->priv;

	geo->model = img->model;
	geo->zone_size = img->zone_size;
	geo->capacity = img->zone_size * img->nr_zones;
	geo->part_start = 0;
	return 0;
}

static int image_get_info(struct blkzone_dev *dev, struct blkzone_info *info)
{
	const struct image *img = dev->priv;

	info->model = img->model;
	info->logical_block_size = img->lbs;
	info->physical_block_size = img->lbs;
	info->nr_zones = img->nr_zones;
	info->capacity = img->zone_size * img->nr_zones;
	info->zone_size = img->zone_size;
	info->max_open_zones = img->max_open;
	info->max_active_zones = img->max_active;
	info->zone_append_max_bytes = 0;
	info->zone_write_granularity = img->lbs;
	return 0;
}

static void fill_zone(const struct image *img, uint32_t zone,
		      const struct zrec *z, bool cached, struct blk_zone *kz)
{
	uint64_t start = (uint64_t)zone * img->zone_size;

	memset(kz, 0, sizeof(*kz));
	kz->start = start >> BLKZONE_SECTOR_SHIFT;
	kz->len = img->zone_size >> BLKZONE_SECTOR_SHIFT;
	kz->capacity = img->zone_cap >> BLKZONE_SECTOR_SHIFT;
	kz->cond = z->cond;
	if (is_conv(img, zone)) {
		kz->type = BLK_ZONE_TYPE_CONVENTIONAL;
		kz->capacity = kz->len;
		kz->wp = kz->start + kz->len;
		return;
	}
	kz->type = img->model == BLKZONE_MODEL_HOST_AWARE ?
		   BLK_ZONE_TYPE_SEQWRITE_PREF : BLK_ZONE_TYPE_SEQWRITE_REQ;
	/* Linux reports the write pointer of a full zone at the zone end. */
	kz->wp = z->cond == BLKZONE_COND_FULL ? kz->start + kz->len :
		 kz->start + (z->wp >> BLKZONE_SECTOR_SHIFT);
	if (cached && is_active(z->cond))
		kz->cond = BLK_ZONE_COND_ACTIVE;
}

struct report_fill {
	const struct image *img;
	bool cached;
	struct blk_zone *zones;
};

static void fill_visit(void *arg, uint32_t zone, uint32_t i,
		       const struct zrec *z)
{
	const struct report_fill *r = arg;

	fill_zone(r->img, zone, z, r->cached, &r->zones[i]);
}

static int image_report(struct blkzone_dev *dev, struct blk_zone_report *rep,
			bool cached)
{
	struct image *img = dev->priv;
	struct report_fill r = {
		.img = img,
		.cached = cached,
		.zones = rep->zones,
	};
	uint64_t zone;
	uint32_t n;
	int ret;

	zone = (rep->sector << BLKZONE_SECTOR_SHIFT) / img->zone_size;
	if (rep->sector > UINT64_MAX >> BLKZONE_SECTOR_SHIFT ||
	    zone >= img->nr_zones) {
		rep->nr_zones = 0;
		rep->flags = BLK_ZONE_REP_CAPACITY;
		return 0;
	}
	n = rep->nr_zones;
	if (n > img->nr_zones - zone)
		n = img->nr_zones - zone;

	/* One lock for the whole answer: a consistent snapshot. */
	ret = lock_file(img, LOCK_SH);
	if (ret)
		return ret;
	ret = walk_recs(img, zone, n, fill_visit, &r, NULL);
	unlock_file(img);
	if (ret)
		return ret;
	rep->nr_zones = n;
	rep->flags = BLK_ZONE_REP_CAPACITY;
	return 0;
}

static bool writable(const struct blkzone_dev *dev)
{
	return (dev->open_flags & O_ACCMODE) != O_RDONLY;
}

static int mgmt_check(const struct image *img, enum blkzone_op op,
		      struct zrec *all, uint32_t base, uint32_t first,
		      uint32_t n)
{
	uint32_t nr_open, nr_active, need_open = 0, need_active = 0;
	uint32_t i, avail, victims;

	count(img, all, &nr_open, &nr_active);
	for (i = first; i < first + n; i++) {
		uint8_t c = all[i - base].cond;

		if (op == BLKZONE_OP_OPEN) {
			need_open += c == BLKZONE_COND_EMPTY ||
				     c == BLKZONE_COND_CLOSED;
			need_active += c == BLKZONE_COND_EMPTY;
		} else if (op == BLKZONE_OP_FINISH) {
			/* Finishing an empty zone makes it active a moment. */
			if (c == BLKZONE_COND_EMPTY && img->max_active &&
			    nr_active >= img->max_active)
				return -EOVERFLOW;
		}
	}
	if (op != BLKZONE_OP_OPEN)
		return 0;
	if (img->max_active && need_active > img->max_active - nr_active)
		return -EOVERFLOW;
	if (!img->max_open || need_open <= img->max_open - nr_open)
		return 0;
	/* Implicitly open zones outside the range are closed to make room. */
	avail = img->max_open - nr_open;
	victims = 0;
	for (i = img->nr_conv; i < img->nr_zones; i++)
		victims += all[i].cond == BLKZONE_COND_IMP_OPEN &&
			   (i < first || i >= first + n);
	return need_open - avail <= victims ? 0 : -ETOOMANYREFS;
}

static int mgmt_apply(const struct image *img, enum blkzone_op op,
		      struct zrec *all, uint32_t base, uint32_t first,
		      uint32_t n)
{
	uint32_t nr_open, nr_active, i, v = 0;
	int ret;

	count(img, all, &nr_open, &nr_active);
	for (i = first; i < first + n; i++) {
		struct zrec *z = &all[i - base];
		struct zrec old = *z;

		if (is_conv(img, i))
			continue;
		switch (op) {
		case BLKZONE_OP_RESET:
			if (z->cond == BLKZONE_COND_EMPTY)
				continue;
			z->cond = BLKZONE_COND_EMPTY;
			z->wp = z->data_end = 0;
			break;
		case BLKZONE_OP_OPEN:
			if (z->cond == BLKZONE_COND_EXP_OPEN ||
			    z->cond == BLKZONE_COND_FULL)
				continue;
			if (z->cond != BLKZONE_COND_IMP_OPEN &&
			    img->max_open && nr_open >= img->max_open) {
				v = victim(img, all, v, first, first + n);
				if (v == UINT32_MAX)
					return -ETOOMANYREFS;
				ret = implicit_close(img, all, v);
				if (ret)
					return ret;
				nr_open--;
			}
			if (z->cond != BLKZONE_COND_IMP_OPEN)
				nr_open++;
			z->cond = BLKZONE_COND_EXP_OPEN;
			break;
		case BLKZONE_OP_CLOSE:
			if (!is_open(z->cond))
				continue;
			z->cond = z->wp ? BLKZONE_COND_CLOSED :
					  BLKZONE_COND_EMPTY;
			break;
		case BLKZONE_OP_FINISH:
			if (z->cond == BLKZONE_COND_FULL)
				continue;
			z->cond = BLKZONE_COND_FULL;
			z->wp = img->zone_cap;
			break;
		}
		ret = write_rec(img, i, z);
		if (ret) {
			*z = old;
			return ret;
		}
		/* Free the space of a reset zone; reads there give zeros. */
		if (op == BLKZONE_OP_RESET)
			(void)fallocate(img->fd, FALLOC_FL_PUNCH_HOLE |
					FALLOC_FL_KEEP_SIZE,
					img->data_offset +
					(uint64_t)i * img->zone_size,
					img->zone_size);
	}
	return 0;
}

static int image_zone_mgmt(struct blkzone_dev *dev, enum blkzone_op op,
			   uint64_t sector, uint64_t nr_sectors)
{
	struct image *img = dev->priv;
	uint64_t zsec = img->zone_size >> BLKZONE_SECTOR_SHIFT;
	uint64_t nsec = zsec * img->nr_zones;
	uint32_t first, n, i, base;
	struct zrec *all;
	bool any_seq = false;
	int ret;

	if (!writable(dev))
		return -EBADF;
	if (op < BLKZONE_OP_RESET || op > BLKZONE_OP_FINISH)
		return -EINVAL;
	if (!nr_sectors || sector % zsec || nr_sectors % zsec ||
	    sector >= nsec || nr_sectors > nsec - sector)
		return -EINVAL;
	first = sector / zsec;
	n = nr_sectors / zsec;
	for (i = first; i < first + n; i++) {
		if (!is_conv(img, i))
			any_seq = true;
		else if (op != BLKZONE_OP_RESET)
			return -EINVAL;
	}
	if (!any_seq)
		return -EINVAL;

	ret = lock_file(img, LOCK_EX);
	if (ret)
		return ret;
	ret = load(img, first, n, &all, &base);
	if (!ret) {
		ret = mgmt_check(img, op, all, base, first, n);
		if (!ret)
			ret = mgmt_apply(img, op, all, base, first, n);
		free(all);
	}
	unlock_file(img);
	return ret;
}

/*
 * Zeros [@from, @to) of a zone's data, so that stale data never shows.
 * Written through the buffered descriptor: the zeros are not aligned for
 * O_DIRECT, and direct I/O flushes the page cache of its range first.
 */
static int zero_range(const struct image *img, uint64_t from, uint64_t to)
{
	static const unsigned char zeros[65536];
	uint64_t k;
	int ret;

	if (fallocate(img->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
		      from, to - from) == 0)
		return 0;
	for (; from < to; from += k) {
		k = to - from < sizeof(zeros) ? to - from : sizeof(zeros);
		ret = pwrite_full(img->mfd, zeros, k, from);
		if (ret)
			return ret;
	}
	return 0;
}

static int64_t seq_write(struct image *img, const void *buf, size_t len,
			 uint32_t zone, uint64_t rel)
{
	uint64_t zoff = img->data_offset + (uint64_t)zone * img->zone_size;
	bool hm = img->model == BLKZONE_MODEL_HOST_MANAGED;
	uint32_t nr_open, nr_active, base, v = UINT32_MAX;
	struct zrec *all, *z;
	int ret;

	ret = lock_file(img, LOCK_EX);
	if (ret)
		return ret;
	ret = load(img, zone, 1, &all, &base);
	if (ret)
		goto out_unlock;
	z = &all[zone - base];
	count(img, all, &nr_open, &nr_active);

	ret = -EIO;
	if (rel + len > img->zone_cap)
		goto out;
	if (hm && (z->cond == BLKZONE_COND_FULL || rel != z->wp))
		goto out;
	if (z->cond == BLKZONE_COND_EMPTY || z->cond == BLKZONE_COND_CLOSED) {
		ret = -EOVERFLOW;
		if (z->cond == BLKZONE_COND_EMPTY && img->max_active &&
		    nr_active >= img->max_active)
			goto out;
		if (img->max_open && nr_open >= img->max_open) {
			ret = -ETOOMANYREFS;
			v = victim(img, all, img->nr_conv, zone, zone + 1);
			if (v == UINT32_MAX)
				goto out;
		}
	}

	/* Data first: past data_end nothing shows until the record moves. */
	if (rel > z->data_end) {
		ret = zero_range(img, zoff + z->data_end, zoff + rel);
		if (ret)
			goto out;
	}
	ret = pwrite_full(img->fd, buf, len, zoff + rel);
	if (ret)
		goto out;
	if (v != UINT32_MAX) {
		ret = implicit_close(img, all, v);
		if (ret)
			goto out;
	}
	if (rel + len > z->data_end)
		z->data_end = rel + len;
	if (z->cond != BLKZONE_COND_FULL) {
		if (rel + len > z->wp)
			z->wp = rel + len;
		if (z->wp == img->zone_cap)
			z->cond = BLKZONE_COND_FULL;
		else if (z->cond != BLKZONE_COND_EXP_OPEN)
			z->cond = BLKZONE_COND_IMP_OPEN;
	}
	ret = write_rec(img, zone, z);
out:
	free(all);
out_unlock:
	unlock_file(img);
	return ret ? ret : (int64_t)len;
}

static int64_t image_pwrite(struct blkzone_dev *dev, const void *buf,
			    size_t len, uint64_t offset)
{
	struct image *img = dev->priv;
	uint64_t size = img->zone_size * img->nr_zones;
	uint32_t zone, last;
	int ret;

	if (!writable(dev))
		return -EBADF;
	if (!buf || offset % img->lbs || len % img->lbs)
		return -EINVAL;
	if (!len)
		return 0;
	/* As on a block device: nothing at the end, a short write across. */
	if (offset >= size)
		return -ENOSPC;
	if (len > size - offset)
		len = size - offset;
	zone = offset / img->zone_size;
	last = (offset + len - 1) / img->zone_size;
	if (!is_conv(img, zone) || !is_conv(img, last)) {
		/* ZBC fails a write across a sequential zone boundary. */
		if (zone != last)
			return -EIO;
		return seq_write(img, buf, len, zone,
				 offset - (uint64_t)zone * img->zone_size);
	}
	/* Conventional zones: a plain disk, no records to update. */
	if (len > INT64_MAX)
		len = INT64_MAX;
	ret = pwrite_full(img->fd, buf, len, img->data_offset + offset);
	return ret ? ret : (int64_t)len;
}

static int64_t image_pread(struct blkzone_dev *dev, void *buf, size_t len,
			   uint64_t offset)
{
	struct image *img = dev->priv;
	uint64_t size = img->zone_size * img->nr_zones;
	unsigned char *p = buf;
	uint64_t pos, end, zend, valid;
	uint32_t zone, last, base;
	struct zrec *recs = NULL;
	int ret;

	if ((dev->open_flags & O_ACCMODE) == O_WRONLY)
		return -EBADF;
	if (!buf || offset % img->lbs || len % img->lbs)
		return -EINVAL;
	if (!len || offset >= size)
		return 0;
	if (len > size - offset)
		len = size - offset;
	if (len > (1U << 30))
		len = 1U << 30;
	zone = offset / img->zone_size;
	last = (offset + len - 1) / img->zone_size;

	ret = lock_file(img, LOCK_SH);
	if (ret)
		return ret;
	/* Only the records of the zones read: reads need no counts. */
	base = zone;
	if (!is_conv(img, last)) {
		ret = read_range(img, zone, last - zone + 1, &recs);
		if (ret)
			goto out;
	}
	for (pos = offset, end = offset + len; pos < end; pos = zend) {
		zone = pos / img->zone_size;
		zend = ((uint64_t)zone + 1) * img->zone_size;
		if (zend > end)
			zend = end;
		valid = zend;
		if (!is_conv(img, zone)) {
			uint64_t de = (uint64_t)zone * img->zone_size +
				      recs[zone - base].data_end;

			if (de < valid)
				valid = de > pos ? de : pos;
		}
		if (valid > pos) {
			ret = pread_full(img->fd, p + (pos - offset),
					 valid - pos, img->data_offset + pos);
			if (ret == -ENODATA)
				ret = -EUCLEAN;
			if (ret)
				goto out;
		}
		memset(p + (valid - offset), 0, zend - valid);
	}
out:
	free(recs);
	unlock_file(img);
	return ret ? ret : (int64_t)len;
}

static void image_free(struct image *img)
{
	pthread_mutex_destroy(&img->lock);
	free(img);
}

static void image_release(struct blkzone_dev *dev)
{
	struct image *img = dev->priv;

	if (img) {
		if (img->mfd != dev->fd)
			close(img->mfd);
		image_free(img);
	}
	if (dev->fd >= 0)
		close(dev->fd);
}

static const struct blkzone_ops image_ops = {
	.geometry	= image_geometry,
	.get_info	= image_get_info,
	.report		= image_report,
	.zone_mgmt	= image_zone_mgmt,
	.pread		= image_pread,
	.pwrite		= image_pwrite,
	.release	= image_release,
};

/* --- open and create ------------------------------------------------------- */

/* The header fields outside the geometry: 0 or -EUCLEAN said in @f. */
static int header_frame_check(const unsigned char *h, struct fault *f)
{
	uint32_t i;

	if (get64(h + IMG_HDR_CSUM_OFF) !=
	    img_checksum(IMG_HDR_SEED, h, IMG_HDR_CSUM_OFF))
		return damaged(f, "header checksum mismatch");
	if (get32(h + 8) != IMG_VERSION)
		return damaged(f, "unknown format version %" PRIu32 " (this "
			       "library reads version %u)", get32(h + 8),
			       IMG_VERSION);
	if (get32(h + 12) != IMG_HDR_SIZE)
		return damaged(f, "header size %" PRIu32 ", not %u",
			       get32(h + 12), IMG_HDR_SIZE);
	for (i = 72; i < IMG_HDR_CSUM_OFF; i++)
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
}

/* The layout the geometry gives, against the header and the file size. */
static int layout_check(const unsigned char *h,
			const struct blkzone_image_geometry *g,
			uint64_t file_size, struct fault *f)
{
	uint64_t data = img_data_offset(g->nr_zones);

	if (get64(h + 56) != IMG_REC_OFFSET)
		return damaged(f, "records offset %" PRIu64 ", not %u",
			       get64(h + 56), IMG_REC_OFFSET);
	if (get64(h + 64) != data)
		return damaged(f, "data offset %" PRIu64 ", not %" PRIu64,
			       get64(h + 64), data);
	if (file_size < data || (file_size - data) / g->zone_size < g->nr_zones)
		return damaged(f, "truncated at byte %" PRIu64 ": %" PRIu32
			       " zones of %" PRIu64 " bytes need %" PRIu64
			       " bytes", file_size, g->nr_zones, g->zone_size,
			       data + g->nr_zones * g->zone_size);
	return 0;
}

static int decode_header(const unsigned char *h, uint64_t file_size,
			 struct image *img, struct fault *f)
{
	struct blkzone_image_geometry g;
	int ret;

	ret = header_frame_check(h, f);
	if (ret)
		return ret;
	decode_geometry(h, &g);
	/* A capacity of 0 is for the caller of create, never on disk. */
	if (!g.zone_capacity)
		return damaged(f, "zone capacity 0");
	ret = geometry_check(&g, f);
	if (!ret)
		ret = layout_check(h, &g, file_size, f);
	if (ret)
		return ret;

	img->model = g.model;
	img->lbs = g.logical_block_size;
	img->zone_size = g.zone_size;
	img->zone_cap = g.zone_capacity;
	img->nr_zones = g.nr_zones;
	img->nr_conv = g.nr_conv_zones;
	img->max_open = g.max_open_zones;
	img->max_active = g.max_active_zones;
	img->data_offset = img_data_offset(g.nr_zones);
	return 0;
}

struct counts {
	uint32_t nr_open;
	uint32_t nr_active;
};

static void count_visit(void *arg, uint32_t zone, uint32_t i,
			const struct zrec *z)
{
	struct counts *c = arg;

	(void)zone;
	(void)i;
	c->nr_open += is_open(z->cond);
	c->nr_active += is_active(z->cond);
}

/* Every record valid, and the limits held: 0 or -EUCLEAN said in @f. */
static int check_records(const struct image *img, struct fault *f)
{
	struct counts c = { 0, 0 };
	int ret;

	ret = walk_recs(img, 0, img->nr_zones, count_visit, &c, f);
	return ret ? ret : limits_check(img, c.nr_open, c.nr_active, f);
}

/*
 * The O_EXCL claim: a read lock (an open file description lock, apart from
 * flock()) on byte 0, which needs only read access, taken when no other
 * claim holds it.  Checking and taking happen under the exclusive flock()
 * so that two claimers cannot both see the byte free.
 */
static int claim(int fd)
{
	struct flock fl = {
		.l_type = F_WRLCK,
		.l_whence = SEEK_SET,
		.l_start = 0,
		.l_len = 1,
	};
	int ret = 0;

	while (flock(fd, LOCK_EX) < 0)
		if (errno != EINTR)
			return -errno;
	if (fcntl(fd, F_OFD_GETLK, &fl) < 0) {
		ret = -errno;
	} else if (fl.l_type != F_UNLCK) {
		ret = -EBUSY;
	} else {
		fl.l_type = F_RDLCK;
		fl.l_whence = SEEK_SET;
		fl.l_start = 0;
		fl.l_len = 1;
		fl.l_pid = 0;
		if (fcntl(fd, F_OFD_SETLK, &fl) < 0)
			ret = -errno;
	}
	flock(fd, LOCK_UN);
	return ret;
}

/*
 * The descriptor for the header and the records: @fd itself when it is
 * buffered and readable, else the same file opened again so.
 */
static int open_meta_fd(int fd, int flags)
{
	char path[64];
	int mfd;

	if (!(flags & O_DIRECT) && (flags & O_ACCMODE) != O_WRONLY)
		return fd;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	mfd = open(path, ((flags & O_ACCMODE) == O_RDONLY ? O_RDONLY : O_RDWR) |
		   O_CLOEXEC | O_NOCTTY);
	return mfd < 0 ? -errno : mfd;
}

/*
 * The header of the file open as @fd into @img: -ENOTBLK if none, or
 * -EUCLEAN said in @f.
 */
static int read_header(int fd, struct image *img, struct fault *f)
{
	unsigned char h[IMG_HDR_SIZE];
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return fault(f, -ENOTBLK, "not a regular file");
	do
		n = pread(fd, h, sizeof(h), 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (n < IMG_MAGIC_LEN || memcmp(h, IMG_MAGIC, IMG_MAGIC_LEN))
		return fault(f, -ENOTBLK, "no zone image signature at byte 0");
	if (n < (ssize_t)sizeof(h))
		return damaged(f, "truncated at byte %zd: the header takes %u "
			       "bytes", n, IMG_HDR_SIZE);
	return decode_header(h, st.st_size, img, f);
}

/*
 * The image on @fd (zone data) and @mfd (header and records), from its
 * header; -ENOTBLK if none.
 */
static int image_new(int fd, int mfd, struct image **imgp, struct fault *f)
{
	struct image *img;
	int ret;

	img = calloc(1, sizeof(*img));
	if (!img)
		return -ENOMEM;
	img->fd = fd;
	img->mfd = mfd;
	ret = read_header(mfd, img, f);
	if (!ret)
		ret = -pthread_mutex_init(&img->lock, NULL);
	if (ret) {
		free(img);
		return ret;
	}
	*imgp = img;
	return 0;
}

/* Contract in blkzone-private.h. */
int blkzone_image_probe(struct blkzone_dev *dev, int fd,
			const struct stat *st)
{
	struct image *img;
	int mfd, ret;

	/* Other regular files fail the header check with -ENOTBLK too. */
	if (!S_ISREG(st->st_mode))
		return -ENOTBLK;
	mfd = open_meta_fd(fd, dev->open_flags);
	if (mfd < 0)
		return mfd;
	ret = image_new(fd, mfd, &img, NULL);
	if (ret)
		goto err_close;
	if (dev->open_flags & O_EXCL) {
		ret = claim(mfd);
		if (ret)
			goto err_free;
	}
	/*
	 * Nothing more is read: each call checks the records it reads, so
	 * that opening a large image costs no more than a small one.
	 */
	dev->ops = &image_ops;
	dev->priv = img;
	dev->fd = fd;
	return 0;

err_free:
	image_free(img);
err_close:
	if (mfd != fd)
		close(mfd);
	return ret;
}

/* Contract in libblkzone.h. */
int blkzone_image_check(const char *path, char *msg, size_t size)
{
	struct fault f = { .msg = msg, .size = size };
	struct image *img;
	int fd, ret;

	if (msg && size)
		*msg = 0;
	if (!path)
		return -EINVAL;
	/* O_NONBLOCK: a FIFO given by mistake must not block the open. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	/* No handle: the records are read, never the zone data. */
	ret = image_new(fd, fd, &img, &f);
	if (!ret) {
		ret = lock_file(img, LOCK_SH);
		if (!ret) {
			ret = check_records(img, &f);
			unlock_file(img);
		}
		image_free(img);
	}
	close(fd);
	return ret;
}

/* A name next to @path that nothing else uses, created with O_EXCL. */
static int create_temp(const char *path, char **tmpp)
{
	size_t len = strlen(path) + 32;
	struct timespec ts;
	char *tmp;
	int fd, i;

	tmp = malloc(len);
	if (!tmp)
		return -ENOMEM;
	for (i = 0; i < 100; i++) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		snprintf(tmp, len, "%s.%ld.%lx.tmp", path, (long)getpid(),
			 (unsigned long)(ts.tv_nsec ^ (ts.tv_sec << 20)) + i);
		fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0) {
			*tmpp = tmp;
			return fd;
		}
		if (errno != EEXIST)
			break;
	}
	fd = -errno;
	free(tmp);
	return fd;
}

struct fresh_recs {
	int fd;
	uint32_t nr_conv;
};

/* Fresh records: slot 0 generation 1, slot 1 left zero (invalid). */
static int fresh_batch(void *arg, uint32_t zone, uint32_t k,
		       unsigned char *buf)
{
	const struct fresh_recs *fr = arg;
	struct zrec z = { .gen = 1 };
	uint32_t i;

	for (i = 0; i < k; i++) {
		z.cond = zone + i < fr->nr_conv ? BLKZONE_COND_NOT_WP :
						  BLKZONE_COND_EMPTY;
		encode_slot(zone + i, &z, buf + (size_t)i * IMG_REC_SIZE);
	}
	return pwrite_full(fr->fd, buf, (size_t)k * IMG_REC_SIZE,
			   IMG_REC_OFFSET + (uint64_t)zone * IMG_REC_SIZE);
}

static int fill_image(int fd, const struct blkzone_image_geometry *g)
{
	struct fresh_recs fr = { .fd = fd, .nr_conv = g->nr_conv_zones };
	uint64_t data = img_data_offset(g->nr_zones);
	unsigned char h[IMG_HDR_SIZE];
	int ret;

	if (data + (uint64_t)g->nr_zones * g->zone_size > INT64_MAX)
		return -EFBIG;
	if (ftruncate(fd, data + (uint64_t)g->nr_zones * g->zone_size) < 0)
		return -errno;
	ret = rec_batches(0, g->nr_zones, fresh_batch, &fr);
	if (ret)
		return ret;
	encode_header(g, h);
	ret = pwrite_full(fd, h, sizeof(h), 0);
	if (ret)
		return ret;
	/* The name appears only once the content is on stable storage. */
	return fsync(fd) < 0 ? -errno : 0;
}

int blkzone_image_create(const char *path,
			 const struct blkzone_image_geometry *geo)
{
	char *tmp = NULL;
	int fd, ret;

	if (!path || !*path || !geo || !geometry_valid(geo))
		return -EINVAL;
	fd = create_temp(path, &tmp);
	if (fd < 0)
		return fd;
	ret = fill_image(fd, geo);
	close(fd);
	/* link() never replaces: an existing @path fails with EEXIST. */
	if (!ret && link(tmp, path) < 0)
		ret = -errno;
	unlink(tmp);
	free(tmp);
	return ret;
}
