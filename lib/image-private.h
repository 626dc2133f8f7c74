/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the zone image files share (lib/image*.c).  A zone image is an
 * emulated zoned device in a regular file (format in image-format.h):
 * image-format.c encodes and checks its header and records, image-store.c
 * reads and writes them under the lock, image-zbc.c runs the ZBC zone
 * state machine on them, and image.c makes the backend operations and
 * opens, checks and creates images.
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
#ifndef BLKZONE_IMAGE_PRIVATE_H
#define BLKZONE_IMAGE_PRIVATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
	uint64_t last_size;	/* of the last zone, which may be smaller */
	uint64_t last_cap;
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

static inline bool img_is_conv(const struct image *img, uint32_t zone)
{
	return zone < img->nr_conv;
}

static inline uint64_t img_zone_start(const struct image *img, uint32_t zone)
{
	return (uint64_t)zone * img->zone_size;
}

static inline uint64_t img_zone_len(const struct image *img, uint32_t zone)
{
	return zone == img->nr_zones - 1 ? img->last_size : img->zone_size;
}

/* The capacity of sequential zone @zone. */
static inline uint64_t img_zone_cap(const struct image *img, uint32_t zone)
{
	return zone == img->nr_zones - 1 ? img->last_cap : img->zone_cap;
}

/* The bytes of all zones. */
static inline uint64_t img_capacity(const struct image *img)
{
	return img_zone_start(img, img->nr_zones - 1) + img->last_size;
}

/*
 * Where the checks say what is wrong with a damaged image, for
 * blkzone_image_check(); NULL where only the error matters.
 */
struct fault {
	char *msg;
	size_t size;
};

/* Says what is wrong in @f, if it wants to know; returns @err. */
int __attribute__((format(printf, 3, 4)))
img_fault(struct fault *f, int err, const char *fmt, ...);

#define damaged(f, ...)	img_fault(f, -EUCLEAN, __VA_ARGS__)

/* --- image-format.c: encoding and checks ---------------------------------- */

/* The bytes of all zones of @g, a smaller last zone included; @g valid. */
uint64_t img_geometry_bytes(const struct blkzone_image_geometry *g);
/* The geometry rules of blkzone_image_create(3): 0, or -EUCLEAN said in @f. */
int img_geometry_check(const struct blkzone_image_geometry *g,
		       struct fault *f);
/* The geometry rules of blkzone_image_create(3), reserved fields zero. */
bool img_geometry_valid(const struct blkzone_image_geometry *g);
/* The header of an image of geometry @g into @h, IMG_HDR_SIZE bytes. */
void img_encode_header(const struct blkzone_image_geometry *g,
		       unsigned char *h);
/* Slot @s of @zone's record with the state @z. */
void img_encode_slot(uint32_t zone, const struct zrec *z, unsigned char *s);
/* One record from its two slots; -EUCLEAN if no slot holds a valid state. */
int img_decode_rec(const struct image *img, uint32_t zone,
		   const unsigned char *rec, struct zrec *z, struct fault *f);
/* The header @h of a file of @file_size bytes into @img, or -EUCLEAN. */
int img_decode_header(const unsigned char *h, uint64_t file_size,
		      struct image *img, struct fault *f);

/* --- image-store.c: record I/O and locking -------------------------------- */

/*
 * pread(2) and pwrite(2) of all @len bytes, through EINTR and short
 * transfers: a read past the end of the file gives -ENODATA.
 */
int img_pread_full(int fd, void *buf, size_t len, uint64_t off);
int img_pwrite_full(int fd, const void *buf, size_t len, uint64_t off);

int img_rec_batches(uint32_t first, uint32_t n,
		    int (*fn)(void *arg, uint32_t zone, uint32_t k,
			      unsigned char *buf),
		    void *arg);

/* What img_walk_recs() does with each record: the @i-th, of @zone. */
typedef void img_rec_visit(void *arg, uint32_t zone, uint32_t i,
			   const struct zrec *z);
int img_walk_recs(const struct image *img, uint32_t first, uint32_t n,
		  img_rec_visit *visit, void *arg, struct fault *f);

/* Records [@first, @first + @n) into a new array. */
int img_read_range(const struct image *img, uint32_t first, uint32_t n,
		   struct zrec **recsp);
int img_write_rec(const struct image *img, uint32_t zone, struct zrec *z);
/* Serialises the threads, then the processes: flock() with @op. */
int img_lock(struct image *img, int op);
void img_unlock(struct image *img);
int img_read_header(int fd, struct image *img, struct fault *f);

/* --- image-zbc.c: the zone state machine ---------------------------------- */

/* Zone @zone with the state @z as a report gives it. */
void img_fill_zone(const struct image *img, uint32_t zone,
		   const struct zrec *z, bool cached, struct blk_zone *kz);
/*
 * Zone management @op on zones [@first, @first + @n), a range of the
 * image: every check first, then the zones one by one.
 */
int img_zone_mgmt(struct image *img, enum blkzone_op op, uint32_t first,
		  uint32_t n);
/*
 * A write of @len bytes of @buf at @rel bytes into sequential zone @zone,
 * with the ZBC rules of the image's model: @len or a negative errno.
 */
int64_t img_seq_write(struct image *img, const void *buf, size_t len,
		      uint32_t zone, uint64_t rel);
/* Every record valid, and the limits held: 0 or -EUCLEAN said in @f. */
int img_check_records(const struct image *img, struct fault *f);

/* --- image.c: making image files ------------------------------------------ */

/* Sets the state of @zone of a new image in @z (zeroed; the rest is set). */
typedef void (*img_state_fn)(void *arg, uint32_t zone, struct zrec *z);

/*
 * A new file "@path.PID.X.tmp", opened read-write, its name in *@tmpp
 * (free() it); returns the descriptor or a negative errno.
 */
int img_create_temp(const char *path, char **tmpp);
/*
 * Sizes the new image file @fd for @g and writes every zone's record with
 * the state @state gives.  No header yet: the file is no image until
 * img_finish_file(), so one left by a crash does not open.
 */
int img_fill_records(int fd, const struct blkzone_image_geometry *g,
		     img_state_fn state, void *arg);
/* Writes the header of @g and syncs @fd: the image is complete. */
int img_finish_file(int fd, const struct blkzone_image_geometry *g);

#endif /* BLKZONE_IMAGE_PRIVATE_H */
