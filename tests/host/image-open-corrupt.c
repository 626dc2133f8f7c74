// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A file with the image magic and anything inconsistent is a damaged image:
 * -EUCLEAN.  A half-written newer record slot is not damage: the older
 * slot holds the state.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image-format.h"
#include "image-util.h"
#include "tap.h"

#define NR	4
#define ZS	65536ULL

static struct img_env e;
static unsigned char *base;
static size_t base_len;
static char work[128];

static void load_base(void)
{
	int fd = open(e.path, O_RDONLY);

	base_len = img_data_offset(NR) + NR * ZS;
	base = malloc(base_len);
	if (fd < 0 || !base || pread(fd, base, base_len, 0) != (ssize_t)base_len)
		tap_skip_all("cannot read the image");
	close(fd);
}

/* Writes the base image with @len bytes at @off replaced, @size long. */
static void variant(size_t off, const void *p, size_t len, size_t size)
{
	int fd = open(work, O_CREAT | O_TRUNC | O_WRONLY, 0600);
	unsigned char *copy = malloc(base_len);

	if (!copy)
		abort();
	memcpy(copy, base, base_len);
	memcpy(copy + off, p, len);
	if (fd < 0 || write(fd, copy, size < base_len ? size : base_len) < 0 ||
	    ftruncate(fd, size) < 0)
		abort();
	close(fd);
	free(copy);
}

static void put(unsigned char *p, uint64_t v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		p[i] = v >> (8 * i);
}

static void slot(unsigned char *s, uint32_t zone, uint64_t wp, uint64_t de,
		 uint32_t gen, unsigned int cond)
{
	memset(s, 0, IMG_SLOT_SIZE);
	put(s, wp, 8);
	put(s + 8, de, 8);
	put(s + 16, gen, 4);
	s[20] = cond;
	put(s + IMG_SLOT_CSUM_OFF,
	    img_checksum(IMG_REC_SEED ^ zone, s, IMG_SLOT_CSUM_OFF), 8);
}

static size_t rec_off(uint32_t zone, int which)
{
	return IMG_REC_OFFSET + zone * IMG_REC_SIZE + which * IMG_SLOT_SIZE;
}

static void expect(int want, const char *what)
{
	struct blkzone_dev *dev = NULL;
	int ret = blkzone_open(work, O_RDWR, &dev);

	tap_eq_int(ret, want, what);
	if (!ret)
		blkzone_close(dev);
}

/* The header with @len bytes at @off replaced, checksum made right. */
static void header(size_t off, uint64_t v, int len)
{
	unsigned char h[IMG_HDR_SIZE];

	memcpy(h, base, sizeof(h));
	put(h + off, v, len);
	put(h + IMG_HDR_CSUM_OFF, img_checksum(IMG_HDR_SEED, h,
					      IMG_HDR_CSUM_OFF), 8);
	variant(0, h, sizeof(h), base_len);
}

int main(void)
{
	struct blkzone_image_geometry g = img_geo(NR, ZS);
	unsigned char s[IMG_SLOT_SIZE], two[2 * IMG_SLOT_SIZE], b;
	struct blkzone_dev *dev;

	img_env_init(&e);
	snprintf(work, sizeof(work), "%s/work", e.dir);
	g.nr_conv_zones = 1;
	g.max_open_zones = 1;
	g.max_active_zones = 2;
	if (blkzone_image_create(e.path, &g))
		tap_skip_all("cannot create an image");
	load_base();
	tap_plan(19);

	variant(0, "", 0, base_len);
	expect(0, "the unchanged copy opens");
	b = base[26] ^ 0x10;
	variant(26, &b, 1, base_len);
	expect(-EUCLEAN, "header byte flipped (zone size)");
	b = base[IMG_HDR_CSUM_OFF] ^ 1;
	variant(IMG_HDR_CSUM_OFF, &b, 1, base_len);
	expect(-EUCLEAN, "header checksum flipped");
	header(8, 2, 4);
	expect(-EUCLEAN, "unknown version, checksum right");
	header(24, 3 * ZS, 8);
	expect(-EUCLEAN, "zone size not a power of 2, checksum right");
	header(44, NR, 4);
	expect(-EUCLEAN, "all zones conventional, checksum right");
	header(64, img_data_offset(NR) + 4096, 8);
	expect(-EUCLEAN, "data offset moved, checksum right");
	header(100, 1, 1);
	expect(-EUCLEAN, "reserved header byte set, checksum right");
	variant(0, "", 0, base_len - 4096);
	expect(-EUCLEAN, "truncated by one block");
	variant(0, "", 0, 100);
	expect(-EUCLEAN, "truncated inside the header");

	memset(two, 0x5a, sizeof(two));
	variant(rec_off(2, 0), two, sizeof(two), base_len);
	expect(-EUCLEAN, "both slots of a record garbage");
	slot(s, 2, ZS + 4096, ZS + 4096, 2, BLKZONE_COND_IMP_OPEN);
	variant(rec_off(2, 1), s, sizeof(s), base_len);
	expect(-EUCLEAN, "write pointer past the capacity");
	slot(s, 2, 4096, 4096, 2, 0x9);
	variant(rec_off(2, 1), s, sizeof(s), base_len);
	expect(-EUCLEAN, "unknown condition");
	slot(s, 2, 4096, 4096, 2, BLKZONE_COND_EMPTY);
	variant(rec_off(2, 1), s, sizeof(s), base_len);
	expect(-EUCLEAN, "empty zone with a write pointer");
	slot(s, 0, 0, 0, 2, BLKZONE_COND_EMPTY);
	variant(rec_off(0, 1), s, sizeof(s), base_len);
	expect(-EUCLEAN, "conventional zone with a sequential condition");
	slot(s, 2, 4096, 4096, 1, BLKZONE_COND_IMP_OPEN);
	variant(rec_off(2, 1), s, sizeof(s), base_len);
	expect(-EUCLEAN, "two slots of the same generation");
	slot(s, 1, 4096, 4096, 2, BLKZONE_COND_IMP_OPEN);
	slot(two, 2, 4096, 4096, 2, BLKZONE_COND_IMP_OPEN);
	variant(rec_off(1, 1), s, sizeof(s), base_len);
	{
		/* Both zones open over an open limit of one. */
		int fd = open(work, O_WRONLY);

		if (fd < 0 || pwrite(fd, two, IMG_SLOT_SIZE, rec_off(2, 1)) < 0)
			abort();
		close(fd);
	}
	expect(-EUCLEAN, "more open zones than the limit");

	slot(s, 1, 8192, 8192, 2, BLKZONE_COND_IMP_OPEN);
	s[3] ^= 0x40;
	variant(rec_off(1, 1), s, sizeof(s), base_len);
	expect(0, "newest slot torn: opens");
	dev = img_open(work, O_RDONLY);
	img_zone_is(dev, 1, BLKZONE_COND_EMPTY, 0, "previous state kept");
	blkzone_close(dev);

	free(base);
	img_env_cleanup(&e);
	return tap_done();
}
