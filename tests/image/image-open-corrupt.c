// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A file with the image magic and anything inconsistent is a damaged image:
 * -EUCLEAN, and blkzone_image_check() says what is wrong.  Damage to the
 * header or the size fails the open; opening reads no zone record, so a
 * damaged record fails the calls that read it, and the rest of the image
 * stays usable.  A half-written newer record slot is not damage: the older
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

/* The check gives @want, with @detail in its message. */
static void expect_check(int want, const char *detail, const char *what)
{
	char msg[256];
	int ret;

	memset(msg, 'x', sizeof(msg));
	ret = blkzone_image_check(work, msg, sizeof(msg));
	if (!tap_ok(ret == want && strstr(msg, detail) && (*detail || !*msg),
		    "%s: the check says \"%s\"", what, detail))
		tap_diag("got %d, \"%s\"", ret, msg);
}

/* Opening gives @want, and the check too, with @detail in its message. */
static void expect(int want, const char *detail, const char *what)
{
	struct blkzone_dev *dev = NULL;
	int ret = blkzone_open(work, O_RDWR, &dev);

	tap_eq_int(ret, want, what);
	if (!ret)
		blkzone_close(dev);
	expect_check(want, detail, what);
}

/*
 * A damaged record of zone @zone: the image opens, the zone's report and
 * any change (the image has limits: changes read every record) fail with
 * -EUCLEAN, another zone's report works, and the check says @detail.
 */
static void expect_rec(uint32_t zone, const char *detail, const char *what)
{
	struct blkzone_dev *dev = NULL;
	struct blkzone_zone z;
	int ret = blkzone_open(work, O_RDWR, &dev);

	tap_eq_errno(ret, 0, "%s: opens", what);
	if (!ret) {
		tap_eq_errno(blkzone_zone_at(dev, zone * ZS, 0, &z), -EUCLEAN,
			     "%s: report of zone %u", what, zone);
		tap_eq_errno(blkzone_zone_at(dev, (zone ? 0 : 3) * ZS, 0, &z),
			     0, "%s: report of another zone", what);
		tap_eq_errno(blkzone_zone_op(dev, BLKZONE_OP_RESET, 3 * ZS, ZS),
			     -EUCLEAN, "%s: reset of zone 3", what);
		blkzone_close(dev);
	} else {
		tap_skip(3, "no handle");
	}
	expect_check(-EUCLEAN, detail, what);
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

/* What is not an image, and the message buffer's limits. */
static void check_args(void)
{
	char msg[128], small[8];
	int fd;

	tap_eq_errno(blkzone_image_check(e.dir, msg, sizeof(msg)), -ENOTBLK,
		     "check of a directory");
	tap_eq_str(msg, "not a regular file", "...says so");
	fd = open(work, O_WRONLY | O_TRUNC);
	if (fd < 0 || write(fd, "ZONEIMAG", 8) != 8)
		abort();
	close(fd);
	tap_eq_errno(blkzone_image_check(work, msg, sizeof(msg)), -ENOTBLK,
		     "check of a file without the signature");
	tap_eq_str(msg, "no zone image signature at byte 0", "...says so");
	variant(0, "", 0, 100);
	tap_eq_errno(blkzone_image_check(work, small, sizeof(small)), -EUCLEAN,
		     "check with an 8-byte message buffer");
	tap_eq_str(small, "truncat", "...cut to the buffer");
	tap_eq_errno(blkzone_image_check(work, NULL, 0), -EUCLEAN,
		     "check without a message buffer");
	tap_eq_errno(blkzone_image_check(work, msg, 0), -EUCLEAN,
		     "check with a message buffer of size 0");
	tap_eq_errno(blkzone_image_check(NULL, msg, sizeof(msg)), -EINVAL,
		     "check of NULL");
	snprintf(msg, sizeof(msg), "%s/none", e.dir);
	tap_eq_errno(blkzone_image_check(msg, NULL, 0), -ENOENT,
		     "check of a missing file");
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
	tap_plan(79);

	variant(0, "", 0, base_len);
	expect(0, "", "the unchanged copy opens");
	b = base[26] ^ 0x10;
	variant(26, &b, 1, base_len);
	expect(-EUCLEAN, "header checksum mismatch",
	       "header byte flipped (zone size)");
	b = base[IMG_HDR_CSUM_OFF] ^ 1;
	variant(IMG_HDR_CSUM_OFF, &b, 1, base_len);
	expect(-EUCLEAN, "header checksum mismatch", "header checksum flipped");
	header(8, 3, 4);
	expect(-EUCLEAN, "unknown format version 3 (this library reads "
	       "versions 1 to 2)", "unknown version, checksum right");
	header(8, 2, 4);
	expect(-EUCLEAN, "last zone size or capacity 0",
	       "version 2 without its last zone, checksum right");
	header(72, 1, 8);
	expect(-EUCLEAN, "reserved header byte 72 is not zero",
	       "version 1 with a last zone size, checksum right");
	header(12, 256, 4);
	expect(-EUCLEAN, "header size 256, not 128",
	       "header size changed, checksum right");
	header(16, 7, 4);
	expect(-EUCLEAN, "model 7 is neither host-aware nor host-managed",
	       "unknown model, checksum right");
	header(24, 3 * ZS, 8);
	expect(-EUCLEAN, "zone size 196608 is not a power of 2",
	       "zone size not a power of 2, checksum right");
	header(44, NR, 4);
	expect(-EUCLEAN, "4 conventional zones of 4: no sequential zone",
	       "all zones conventional, checksum right");
	header(64, img_data_offset(NR) + 4096, 8);
	expect(-EUCLEAN, "data offset 12288, not 8192",
	       "data offset moved, checksum right");
	header(100, 1, 1);
	expect(-EUCLEAN, "reserved header byte 100 is not zero",
	       "reserved header byte set, checksum right");
	variant(0, "", 0, base_len - 4096);
	expect(-EUCLEAN, "truncated at byte 266240: 4 zones of 65536 bytes "
	       "need 270336 bytes", "truncated by one block");
	variant(0, "", 0, 100);
	expect(-EUCLEAN, "truncated at byte 100: the header takes 128 bytes",
	       "truncated inside the header");

	memset(two, 0x5a, sizeof(two));
	variant(rec_off(2, 0), two, sizeof(two), base_len);
	expect_rec(2, "zone record 2: checksum mismatch in both slots",
	       "both slots of a record garbage");
	slot(s, 2, ZS + 4096, ZS + 4096, 2, BLKZONE_COND_IMP_OPEN);
	variant(rec_off(2, 1), s, sizeof(s), base_len);
	expect_rec(2, "zone record 2: impossible state for a sequential "
	       "zone: condition 0x2, write pointer 69632",
	       "write pointer past the capacity");
	slot(s, 2, 4096, 4096, 2, 0x9);
	variant(rec_off(2, 1), s, sizeof(s), base_len);
	expect_rec(2, "zone record 2: impossible state for a sequential "
	       "zone: condition 0x9", "unknown condition");
	slot(s, 2, 4096, 4096, 2, BLKZONE_COND_EMPTY);
	variant(rec_off(2, 1), s, sizeof(s), base_len);
	expect_rec(2, "zone record 2: impossible state for a sequential "
	       "zone: condition 0x1, write pointer 4096",
	       "empty zone with a write pointer");
	slot(s, 0, 0, 0, 2, BLKZONE_COND_EMPTY);
	variant(rec_off(0, 1), s, sizeof(s), base_len);
	expect_rec(0, "zone record 0: impossible state for a conventional "
	       "zone: condition 0x1",
	       "conventional zone with a sequential condition");
	slot(s, 2, 4096, 4096, 1, BLKZONE_COND_IMP_OPEN);
	variant(rec_off(2, 1), s, sizeof(s), base_len);
	expect_rec(2, "zone record 2: both slots have generation 1",
	       "two slots of the same generation");
	slot(s, 3, 0, 0, 2, BLKZONE_COND_EMPTY);
	s[22] = 1;
	put(s + IMG_SLOT_CSUM_OFF,
	    img_checksum(IMG_REC_SEED ^ 3, s, IMG_SLOT_CSUM_OFF), 8);
	variant(rec_off(3, 1), s, sizeof(s), base_len);
	expect_rec(3, "zone record 3: reserved bytes of slot 1 not zero",
	       "reserved record byte set, checksum right");
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
	{
		struct blkzone_zone *zones = NULL;

		dev = img_open(work, O_RDWR);
		tap_eq_errno(blkzone_report_zones(dev, NULL, &zones), NR,
			     "over the open limit: reports work");
		free(zones);
		tap_eq_errno(blkzone_zone_op(dev, BLKZONE_OP_OPEN, 3 * ZS, ZS),
			     -EUCLEAN, "over the open limit: no open");
		blkzone_close(dev);
	}
	expect_check(-EUCLEAN, "2 zones open, over the open zone limit of 1",
		     "more open zones than the limit");

	slot(s, 1, 8192, 8192, 2, BLKZONE_COND_IMP_OPEN);
	s[3] ^= 0x40;
	variant(rec_off(1, 1), s, sizeof(s), base_len);
	expect(0, "", "newest slot torn: opens");
	dev = img_open(work, O_RDONLY);
	img_zone_is(dev, 1, BLKZONE_COND_EMPTY, 0, "previous state kept");
	blkzone_close(dev);

	check_args();

	free(base);
	img_env_cleanup(&e);
	return tap_done();
}
