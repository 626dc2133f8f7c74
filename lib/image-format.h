/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * On-disk format of zone images (versions 1 and 2).  All integers are
 * little endian.  An image whose last zone differs from the others in size
 * or capacity is version 2, which readers of version 1 refuse; every other
 * image is written as version 1, which every reader takes.
 *
 * Offset 0, one 4096-byte page, of which IMG_HDR_SIZE bytes are used:
 *
 *	  0  magic		8 bytes, IMG_MAGIC
 *	  8  version		u32, IMG_VERSION_MIN or IMG_VERSION
 *	 12  header_size	u32, IMG_HDR_SIZE
 *	 16  model		u32, enum blkzone_model (host-aware, host-managed)
 *	 20  logical_block_size	u32
 *	 24  zone_size		u64, bytes
 *	 32  zone_capacity	u64, bytes (never 0 on disk)
 *	 40  nr_zones		u32
 *	 44  nr_conv_zones	u32
 *	 48  max_open_zones	u32
 *	 52  max_active_zones	u32
 *	 56  records_offset	u64, IMG_REC_OFFSET
 *	 64  data_offset	u64, see img_data_offset()
 *	 72  last_zone_size	u64, bytes (version 2; reserved in version 1)
 *	 80  last_zone_capacity	u64, bytes (version 2; reserved in version 1)
 *	 88  reserved		32 bytes, zero
 *	120  checksum		u64, img_checksum() of bytes 0..119
 *
 * The header is written once, when the image is made, and never again.
 *
 * Zone records, from IMG_REC_OFFSET: zone i owns the IMG_REC_SIZE bytes at
 * IMG_REC_OFFSET + i * IMG_REC_SIZE, two slots of IMG_SLOT_SIZE bytes:
 *
 *	  0  wp			u64, bytes from the zone start
 *	  8  data_end		u64, bytes from the zone start; reads at or
 *				past it return zeros
 *	 16  generation		u32, counts the updates of the zone
 *	 20  cond		u8, enum blkzone_cond (never ACTIVE)
 *	 21  reserved		3 bytes, zero
 *	 24  checksum		u64, img_checksum() of bytes 0..23, seeded with
 *				the zone number
 *
 * The slot with a valid checksum and the newer generation (serial number
 * arithmetic) holds the zone's state; an update writes the other slot, so a
 * slot left half written by a crash falls back to the previous state.  A
 * page holds a whole number of records, so each slot is written with one
 * pwrite() inside one page.  Slots of a fresh image: slot 0 generation 1,
 * slot 1 all zeros (invalid).
 *
 * Zone data, from data_offset (a multiple of 4096): zone i at data_offset +
 * i * zone_size.  The file is sparse; its size is data_offset + (nr_zones -
 * 1) * zone_size + the last zone's size.
 */
#ifndef BLKZONE_IMAGE_FORMAT_H
#define BLKZONE_IMAGE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#define IMG_MAGIC		"LBZIMAGE"
#define IMG_MAGIC_LEN		8
#define IMG_VERSION_MIN		1U
#define IMG_VERSION		2U	/* the newest this library reads */
#define IMG_HDR_SIZE		128U
#define IMG_PAGE		4096U
#define IMG_REC_OFFSET		IMG_PAGE
#define IMG_SLOT_SIZE		32U
#define IMG_REC_SIZE		(2U * IMG_SLOT_SIZE)

/* The limits of blkzone_image_create(3), which zonectl mkimage names. */
#define IMG_MIN_ZONE_SIZE	4096ULL
#define IMG_MAX_ZONE_SIZE	(1ULL << 40)
#define IMG_MAX_ZONES		(1U << 20)

#define IMG_HDR_CSUM_OFF	120U
#define IMG_SLOT_CSUM_OFF	24U

/* Seeds keep a header checksum from ever validating a record and back. */
#define IMG_HDR_SEED		UINT64_C(0x6c627a2d68647231)
#define IMG_REC_SEED		UINT64_C(0x6c627a2d72656331)

/* FNV-1a 64 with a final mix; the tests use it to forge records. */
uint64_t img_checksum(uint64_t seed, const void *buf, size_t n);

static inline uint64_t img_data_offset(uint32_t nr_zones)
{
	uint64_t rec = (uint64_t)nr_zones * IMG_REC_SIZE;

	return IMG_REC_OFFSET + (rec + IMG_PAGE - 1) / IMG_PAGE * IMG_PAGE;
}

#endif /* BLKZONE_IMAGE_FORMAT_H */
