/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libblkzone: zoned block devices from user space.
 *
 * Every function that can fail returns 0 (or a non-negative count) on
 * success and a negative errno value on failure; errno itself is never the
 * error channel.  The library keeps no global state.  A device handle may be
 * shared by threads that run reports concurrently: all report state lives
 * in the iterator, and an iterator belongs to one thread at a time.
 *
 * Positions and sizes are in bytes, relative to the start of the opened
 * device (a partition's zones are reported relative to the partition).
 * Kernel values are in 512-byte sectors, so every position reported by the
 * library is a multiple of BLKZONE_SECTOR_SIZE.
 *
 * The header compiles as C99 and later, and as C++98 and later; its
 * macros evaluate a non-constant argument once.
 */
#ifndef LIBBLKZONE_H
#define LIBBLKZONE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libblkzone-version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A version as one number that compares in release order; BLKZONE_VERSION
 * is that of this header, blkzone_version() that of the library running.
 */
#define BLKZONE_VERSION_CODE(major, minor, patch)			\
	(((major) << 16) + ((minor) << 8) + (patch))
#define BLKZONE_VERSION							\
	BLKZONE_VERSION_CODE(BLKZONE_VERSION_MAJOR, BLKZONE_VERSION_MINOR, \
			     BLKZONE_VERSION_PATCH)

unsigned int blkzone_version(void);

#define BLKZONE_SECTOR_SHIFT	9
#define BLKZONE_SECTOR_SIZE	(1U << BLKZONE_SECTOR_SHIFT)

/* The largest number of zones one report iterator asks the kernel for. */
#define BLKZONE_REPORT_BATCH	4096U

struct blkzone_dev;
struct blkzone_report_iter;

enum blkzone_model {
	BLKZONE_MODEL_NONE		= 0,
	BLKZONE_MODEL_HOST_AWARE	= 1,
	BLKZONE_MODEL_HOST_MANAGED	= 2,
	BLKZONE_MODEL_UNKNOWN		= 3
};

/* Zone types, with the kernel's (and ZBC's) values. */
enum blkzone_type {
	BLKZONE_TYPE_CONVENTIONAL	= 0x1,
	BLKZONE_TYPE_SEQWRITE_REQ	= 0x2,
	BLKZONE_TYPE_SEQWRITE_PREF	= 0x3
};

/* Zone conditions, with the kernel's (and ZBC's) values. */
enum blkzone_cond {
	BLKZONE_COND_NOT_WP		= 0x0,
	BLKZONE_COND_EMPTY		= 0x1,
	BLKZONE_COND_IMP_OPEN		= 0x2,
	BLKZONE_COND_EXP_OPEN		= 0x3,
	BLKZONE_COND_CLOSED		= 0x4,
	BLKZONE_COND_READONLY		= 0xD,
	BLKZONE_COND_FULL		= 0xE,
	BLKZONE_COND_OFFLINE		= 0xF,
	/*
	 * Only in cached reports: implicitly open, explicitly open or closed.
	 * A device may close an open zone on its own, so a cache can only
	 * know that the zone is active.
	 */
	BLKZONE_COND_ACTIVE		= 0xFF
};

/*
 * blkzone_zone.wp of a zone whose write pointer the kernel reports past any
 * device (null_blk does so for read-only and offline zones).
 */
#define BLKZONE_WP_INVALID	UINT64_MAX

/* blkzone_zone.flags */
#define BLKZONE_ZONE_RESET	(1U << 0)	/* reset recommended */
#define BLKZONE_ZONE_NONSEQ	(1U << 1)	/* non-sequential write resources */

struct blkzone_zone {
	uint64_t start;		/* bytes */
	uint64_t len;		/* bytes */
	uint64_t capacity;	/* bytes; equals len if the kernel has no capacity */
	uint64_t wp;		/* bytes, as the kernel reports it, or
				   BLKZONE_WP_INVALID */
	uint32_t type;		/* raw value, see enum blkzone_type */
	uint32_t cond;		/* raw value, see enum blkzone_cond */
	uint32_t flags;		/* BLKZONE_ZONE_* */
	uint32_t reserved;
};

struct blkzone_info {
	enum blkzone_model model;
	uint32_t logical_block_size;	/* bytes */
	uint32_t physical_block_size;	/* bytes */
	uint32_t nr_zones;		/* 0 if not zoned */
	uint64_t capacity;		/* bytes */
	uint64_t partition_offset;	/* bytes from the disk start; 0 for a disk */
	uint64_t zone_size;		/* bytes; 0 if not zoned */
	uint64_t zone_capacity;		/* bytes, first sequential zone; 0 if none */
	uint32_t max_open_zones;	/* 0: no limit */
	uint32_t max_active_zones;	/* 0: no limit */
	uint64_t zone_append_max_bytes;
	uint32_t zone_write_granularity;	/* bytes */
	bool is_partition;
	bool cached_report;		/* the kernel has cached zone reports */
	uint64_t reserved[8];
};

/*
 * Open @path (a block device or a zone image) with @flags: O_RDONLY,
 * O_WRONLY or O_RDWR, and any of O_EXCL, O_DIRECT and O_CLOEXEC (the
 * descriptor always has it).  Stores the handle in *@devp.
 */
int blkzone_open(const char *path, int flags, struct blkzone_dev **devp);
void blkzone_close(struct blkzone_dev *dev);
int blkzone_get_info(struct blkzone_dev *dev, struct blkzone_info *info);

/*
 * The file descriptor of the block device @dev holds, with the flags given
 * to blkzone_open(), for I/O of the caller's own (io_uring, aio); it stays
 * the handle's, valid until blkzone_close().  -EINVAL if @dev is NULL,
 * -EOPNOTSUPP for a zone image, whose file is no device to do I/O on.
 */
int blkzone_fd(const struct blkzone_dev *dev);

/* True for a sequential zone: one with a write pointer. */
static inline bool blkzone_zone_is_seq(const struct blkzone_zone *z)
{
	return z->type == BLKZONE_TYPE_SEQWRITE_REQ ||
	       z->type == BLKZONE_TYPE_SEQWRITE_PREF;
}

static inline bool blkzone_zone_is_full(const struct blkzone_zone *z)
{
	return z->cond == BLKZONE_COND_FULL;
}

/*
 * Bytes below the write pointer of a sequential zone, at most its
 * capacity (all of it when full); 0 for other zones and invalid pointers.
 */
static inline uint64_t blkzone_zone_written(const struct blkzone_zone *z)
{
	uint64_t w;

	if (!blkzone_zone_is_seq(z))
		return 0;
	if (z->cond == BLKZONE_COND_FULL)
		return z->capacity;
	if (z->wp == BLKZONE_WP_INVALID || z->wp <= z->start)
		return 0;
	w = z->wp - z->start;
	return w < z->capacity ? w : z->capacity;
}

/*
 * Bytes a sequential zone can still take at its write pointer; 0 for a
 * zone that takes no write there (full, read-only, offline, conventional).
 */
static inline uint64_t blkzone_zone_remaining(const struct blkzone_zone *z)
{
	switch (z->cond) {
	case BLKZONE_COND_EMPTY:
	case BLKZONE_COND_IMP_OPEN:
	case BLKZONE_COND_EXP_OPEN:
	case BLKZONE_COND_CLOSED:
	case BLKZONE_COND_ACTIVE:
		break;
	default:
		return 0;
	}
	if (!blkzone_zone_is_seq(z) || z->wp == BLKZONE_WP_INVALID ||
	    z->wp < z->start || z->wp - z->start > z->capacity)
		return 0;
	return z->capacity - (z->wp - z->start);
}

/* blkzone_report_opts.flags */
#define BLKZONE_REPORT_CACHED	(1U << 0)

/*
 * Bits of blkzone_report_opts.cond_mask and .type_mask.  Values that have
 * no bit of their own share the top bit, so that a filter can still ask for
 * "anything else".
 */
static inline uint64_t blkzone_cond_bit(unsigned int cond)
{
	if (cond == BLKZONE_COND_ACTIVE)
		return UINT64_C(1) << 62;
	return cond < 62 ? UINT64_C(1) << cond : UINT64_C(1) << 63;
}

static inline uint64_t blkzone_type_bit(unsigned int type)
{
	return type < 63 ? UINT64_C(1) << type : UINT64_C(1) << 63;
}

/*
 * The same as macros, which evaluate their argument once.  With GCC and
 * Clang, a constant argument gives a constant expression, as in 0.1, for
 * static initializers: the _CONST forms, which take it several times,
 * are only used then.
 */
#define BLKZONE_COND_BIT_CONST(c)					\
	((c) + UINT64_C(0) == BLKZONE_COND_ACTIVE ? UINT64_C(1) << 62 :	\
	 (c) + UINT64_C(0) < 62 ? UINT64_C(1) << ((c) & 63) :		\
	 UINT64_C(1) << 63)
#define BLKZONE_TYPE_BIT_CONST(t)					\
	((t) + UINT64_C(0) < 63 ? UINT64_C(1) << ((t) & 63) :		\
	 UINT64_C(1) << 63)
#if defined(__GNUC__)
#define BLKZONE_COND_BIT(c)						\
	(__builtin_constant_p(c) ? BLKZONE_COND_BIT_CONST(c) :		\
	 blkzone_cond_bit(c))
#define BLKZONE_TYPE_BIT(t)						\
	(__builtin_constant_p(t) ? BLKZONE_TYPE_BIT_CONST(t) :		\
	 blkzone_type_bit(t))
#else
#define BLKZONE_COND_BIT(c)	blkzone_cond_bit(c)
#define BLKZONE_TYPE_BIT(t)	blkzone_type_bit(t)
#endif

struct blkzone_report_opts {
	uint64_t offset;	/* bytes; the report starts at the zone holding it */
	uint64_t length;	/* bytes; 0: up to the end of the device */
	uint64_t max_zones;	/* zones in the range; 0: no limit */
	uint32_t flags;		/* BLKZONE_REPORT_* */
	uint32_t reserved0;	/* must be 0 */
	uint64_t cond_mask;	/* BLKZONE_COND_BIT()s; 0: all conditions */
	uint64_t type_mask;	/* BLKZONE_TYPE_BIT()s; 0: all types */
	uint64_t reserved[4];	/* must be 0 */
};

int blkzone_report_start(struct blkzone_dev *dev,
			 const struct blkzone_report_opts *opts,
			 struct blkzone_report_iter **itp);
int blkzone_report_next(struct blkzone_report_iter *it,
			struct blkzone_zone *zone);
bool blkzone_report_was_cached(const struct blkzone_report_iter *it);
void blkzone_report_end(struct blkzone_report_iter *it);

/*
 * Count the zones a report with @opts would give, filters included, without
 * keeping them.  Returns the count or a negative errno.
 */
int64_t blkzone_report_count(struct blkzone_dev *dev,
			     const struct blkzone_report_opts *opts);
/*
 * Report into an array allocated by the library (free() it).  Returns the
 * number of zones, stored in *zonesp, or a negative errno.  With no zones,
 * *zonesp is NULL; on error it is left unchanged.
 */
int64_t blkzone_report_zones(struct blkzone_dev *dev,
			     const struct blkzone_report_opts *opts,
			     struct blkzone_zone **zonesp);

/*
 * The zone that holds byte @offset, which must lie inside the device.
 * flags: 0 or BLKZONE_REPORT_CACHED.
 */
int blkzone_zone_at(struct blkzone_dev *dev, uint64_t offset, uint32_t flags,
		    struct blkzone_zone *zone);

enum blkzone_op {
	BLKZONE_OP_RESET	= 1,
	BLKZONE_OP_OPEN		= 2,
	BLKZONE_OP_CLOSE	= 3,
	BLKZONE_OP_FINISH	= 4
};

/*
 * Apply @op to the zones of [@offset, @offset + @length): @offset must be a
 * zone start, and the range must end on a zone end or at the end of the
 * device.  blkzone_zone_op_all() applies it to every zone, as one request
 * where the device supports it.  The device must be open for writing.
 */
int blkzone_zone_op(struct blkzone_dev *dev, enum blkzone_op op,
		    uint64_t offset, uint64_t length);
int blkzone_zone_op_all(struct blkzone_dev *dev, enum blkzone_op op);

/*
 * I/O.  blkzone_read() and blkzone_write() transfer @len bytes at byte
 * @offset, retrying short transfers; blkzone_zone_write() writes at the
 * write pointer of the sequential zone that starts at @zone_offset.  With
 * O_DIRECT, @buf, @offset and @len must be aligned to the logical block
 * size.  Each returns the bytes transferred, fewer only when an error or the
 * end of the device stopped it after some data, or a negative errno.
 */
int64_t blkzone_read(struct blkzone_dev *dev, uint64_t offset, void *buf,
		     size_t len);
int64_t blkzone_write(struct blkzone_dev *dev, uint64_t offset,
		      const void *buf, size_t len);
int64_t blkzone_zone_write(struct blkzone_dev *dev, uint64_t zone_offset,
			   const void *buf, size_t len);

/*
 * Zone images: an emulated zoned device in a regular file, opened with
 * blkzone_open() like a disk.  Its zones follow ZBC: writes must be at the
 * write pointer of sequential write required zones, a write implicitly
 * opens a zone, and the open and active limits hold.
 */
struct blkzone_image_geometry {
	enum blkzone_model model;	/* host-managed or host-aware */
	uint32_t logical_block_size;	/* 512 or 4096 */
	uint64_t zone_size;		/* bytes, a power of 2 */
	uint64_t zone_capacity;		/* bytes; 0: the zone size */
	uint32_t nr_zones;
	uint32_t nr_conv_zones;		/* the first zones are conventional */
	uint32_t max_open_zones;	/* 0: no limit */
	uint32_t max_active_zones;	/* 0: no limit */
	uint64_t last_zone_size;	/* bytes; 0: the zone size */
	uint64_t last_zone_capacity;	/* bytes; 0: the zone capacity, or
					   the last zone's size if smaller */
	uint64_t reserved[2];		/* must be 0 */
};

/* Create the image @path, which must not exist, with geometry @geo. */
int blkzone_image_create(const char *path,
			 const struct blkzone_image_geometry *geo);

/*
 * Check the zone image @path in full: its header, its size, every zone
 * record and the open and active limits, under the lock that keeps other
 * handles' writers out.  Returns 0 if the image is sound, -ENOTBLK if
 * @path is not a zone image, -EUCLEAN if it is damaged, or another
 * negative errno.  With -ENOTBLK and -EUCLEAN, @msg (unless NULL) gets one
 * line that says what is wrong, cut to @size bytes with its NUL; else "".
 */
int blkzone_image_check(const char *path, char *msg, size_t size);

/*
 * Write the new zone image @path (which must not exist) with the geometry
 * of @dev and the condition and write pointer of each of its zones; with
 * BLKZONE_DUMP_DATA, the data too: each sequential zone up to its write
 * pointer, conventional zones whole, all-zero blocks left as holes.  The
 * image appears at @path complete or not at all.  Returns 0 or a negative
 * errno; for a device that no zone image can hold (-EOPNOTSUPP), @msg
 * (unless NULL) gets one line that says why, cut to @size bytes.
 */
#define BLKZONE_DUMP_DATA	(1U << 0)
int blkzone_image_dump(struct blkzone_dev *dev, const char *path,
		       unsigned int flags, char *msg, size_t size);

/*
 * Give @dev the zones of @src (a zone image, or any device): every zone's
 * condition, write pointer and data.  @dev must have the same geometry
 * (-EINVAL otherwise) and only empty sequential zones (-EBUSY), unless
 * BLKZONE_RESTORE_FORCE, which resets them first.  @msg as for
 * blkzone_image_dump(), for -EINVAL and -EBUSY.
 */
#define BLKZONE_RESTORE_FORCE	(1U << 0)
int blkzone_image_restore(struct blkzone_dev *src, struct blkzone_dev *dev,
			  unsigned int flags, char *msg, size_t size);

const char *blkzone_op_name(enum blkzone_op op);
const char *blkzone_model_name(enum blkzone_model model);
const char *blkzone_type_name(unsigned int type, bool abbrev);
const char *blkzone_cond_name(unsigned int cond, bool abbrev);

#ifdef __cplusplus
}
#endif

#endif /* LIBBLKZONE_H */
