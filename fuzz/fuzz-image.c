// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The zone image reader on arbitrary files: blkzone_open() either refuses
 * with -EUCLEAN (a damaged header) or -ENOTBLK (not an image), as
 * blkzone_image_check() does with a message, or gives a device whose
 * reports, reads, writes and zone operations keep to their contracts and
 * leave an image that opens again.  Opening reads no zone record: on an
 * image the check finds damaged, calls may also fail with -EUCLEAN; on
 * one it finds sound, they may not, and the image stays sound.
 *
 * Input layout (offsets in the input):
 *
 *	0	flags, FL_* below
 *	1..15	five operations of three bytes: kind, zone, argument
 *	16..	the image: its first 128 bytes are the header, at file
 *		offset 0; the rest are zone records, at file offset 4096
 *		(FL_RAW: the image bytes are the file, as they are)
 *
 * The checksums would stop almost every input at the first check, so the
 * harness can fill them in; the data area is left sparse.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blkzone-private.h"
#include "fuzz.h"
#include "image-format.h"

#define FL_EXTEND	0x01	/* file as long as the header says */
#define FL_HDR_CSUM	0x02	/* fill in the header checksum */
#define FL_REC_CSUM	0x04	/* fill in record checksums that are not 0 */
#define FL_RDONLY	0x08	/* open read-only */
#define FL_RAW		0x10	/* the file is the image bytes, unchanged */

#define CTL_SIZE	16U
#define NR_OPS		5
/* Sparse, but kept below what common file systems allow. */
#define MAX_EXTEND	(1ULL << 40)

static char path[4096];
/* blkzone_image_check() found nothing wrong: -EUCLEAN is a bug. */
static bool sound;

static void cleanup(void)
{
	char dir[4096];

	if (!path[0])
		return;
	unlink(path);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = 0;
	rmdir(dir);
}

static void make_path(void)
{
	const char *tmp = getenv("TMPDIR");
	char dir[4000];

	if (path[0])
		return;
	/* tmpfs when there is one: the harness writes a file per input. */
	if (!tmp || !*tmp)
		tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(dir, sizeof(dir), "%s/fuzz-image.XXXXXX", tmp);
	FUZZ_CHECK(mkdtemp(dir), "cannot make a directory in %s", tmp);
	snprintf(path, sizeof(path), "%s/img", dir);
	atexit(cleanup);
}

static uint32_t le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static void put64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

static void write_file(const uint8_t *img, size_t len, unsigned int flags)
{
	unsigned char hdr[IMG_HDR_SIZE];
	size_t hlen = len < IMG_HDR_SIZE ? len : IMG_HDR_SIZE;
	size_t rlen = len - hlen, i;
	unsigned char *recs = NULL;
	int fd;

	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	FUZZ_CHECK(fd >= 0, "cannot create %s", path);
	if (flags & FL_RAW) {
		FUZZ_CHECK(pwrite(fd, img, len, 0) == (ssize_t)len, "write");
		close(fd);
		return;
	}
	memcpy(hdr, img, hlen);
	if ((flags & FL_HDR_CSUM) && hlen == IMG_HDR_SIZE)
		put64(hdr + IMG_HDR_CSUM_OFF,
		      img_checksum(IMG_HDR_SEED, hdr, IMG_HDR_CSUM_OFF));
	FUZZ_CHECK(pwrite(fd, hdr, hlen, 0) == (ssize_t)hlen, "write");
	if (rlen) {
		recs = malloc(rlen);
		FUZZ_CHECK(recs, "malloc");
		memcpy(recs, img + hlen, rlen);
		for (i = 0; (flags & FL_REC_CSUM) &&
		     i + IMG_SLOT_SIZE <= rlen; i += IMG_SLOT_SIZE) {
			unsigned char *s = recs + i;

			if (le64(s + IMG_SLOT_CSUM_OFF))
				put64(s + IMG_SLOT_CSUM_OFF,
				      img_checksum(IMG_REC_SEED ^
						   (uint32_t)(i / IMG_REC_SIZE),
						   s, IMG_SLOT_CSUM_OFF));
		}
		FUZZ_CHECK(pwrite(fd, recs, rlen, IMG_REC_OFFSET) ==
			   (ssize_t)rlen, "write");
		free(recs);
	}
	if ((flags & FL_EXTEND) && hlen == IMG_HDR_SIZE) {
		uint64_t zs = le64(hdr + 24), nr = le32(hdr + 40);
		uint64_t data = img_data_offset(nr), want;
		struct stat st;

		if (zs && nr <= (MAX_EXTEND - data) / zs) {
			want = data + nr * zs;
			if (fstat(fd, &st) == 0 && (uint64_t)st.st_size < want)
				FUZZ_CHECK(ftruncate(fd, want) == 0,
					   "ftruncate %llu",
					   (unsigned long long)want);
		}
	}
	close(fd);
}

/* A whole report: every zone in place and sane. */
static void check_report(struct blkzone_dev *dev,
			 const struct blkzone_info *info)
{
	struct blkzone_zone *zones = NULL;
	int64_t n = blkzone_report_zones(dev, NULL, &zones), i;
	int64_t count = blkzone_report_count(dev, NULL);

	if (!sound && n == -EUCLEAN) {
		FUZZ_CHECK(count == n, "report count %lld, report %lld",
			   (long long)count, (long long)n);
		return;
	}
	FUZZ_CHECK(n == info->nr_zones, "report of %lld zones, want %u",
		   (long long)n, info->nr_zones);
	FUZZ_CHECK(count == n, "report count %lld, report %lld",
		   (long long)count, (long long)n);
	for (i = 0; i < n; i++) {
		const struct blkzone_zone *z = &zones[i];

		FUZZ_CHECK(z->start == (uint64_t)i * info->zone_size &&
			   z->len == info->zone_size &&
			   z->capacity <= z->len && z->capacity,
			   "zone %lld: start %llu len %llu capacity %llu",
			   (long long)i, (unsigned long long)z->start,
			   (unsigned long long)z->len,
			   (unsigned long long)z->capacity);
		if (z->type == BLKZONE_TYPE_CONVENTIONAL)
			continue;
		FUZZ_CHECK(z->wp >= z->start && z->wp - z->start <= z->len,
			   "zone %lld: wp %llu", (long long)i,
			   (unsigned long long)z->wp);
	}
	free(zones);
}

static void run_ops(struct blkzone_dev *dev, const struct blkzone_info *info,
		    const uint8_t *ops)
{
	static unsigned char buf[8 * 4096];
	int i;

	for (i = 0; i < NR_OPS; i++) {
		const uint8_t *o = ops + 3 * i;
		uint64_t zone = o[1] % info->nr_zones;
		uint64_t off = zone * info->zone_size;
		size_t len = (size_t)(o[2] % 8 + 1) * info->logical_block_size;
		struct blkzone_zone z;
		int64_t ret;

		switch (o[0] % 8) {
		case 0:
			memset(buf, o[2], len);
			ret = blkzone_zone_write(dev, off, buf, len);
			break;
		case 1:
			/* Anywhere in the zone: the write pointer or not. */
			memset(buf, o[2], len);
			ret = blkzone_write(dev, off + (uint64_t)(o[2] % 16) *
					    info->logical_block_size, buf, len);
			break;
		case 2:
			ret = blkzone_read(dev, off, buf, len);
			if (ret >= 0) {
				FUZZ_CHECK((size_t)ret <= len, "read %lld",
					   (long long)ret);
			}
			break;
		case 3:
		case 4:
		case 5:
		case 6:
			ret = blkzone_zone_op(dev, o[0] % 8 - 2, off,
					      info->zone_size);
			break;
		default:
			ret = blkzone_zone_op_all(dev, o[2] % 4 + 1);
			break;
		}
		FUZZ_CHECK(ret >= 0 || FUZZ_ERRNO_OK(ret),
			   "operation %d gave %lld", o[0] % 8, (long long)ret);
		ret = blkzone_zone_at(dev, off, 0, &z);
		FUZZ_CHECK((ret == 0 && z.start == off) ||
			   (!sound && ret == -EUCLEAN), "zone_at %llu: %lld",
			   (unsigned long long)off, (long long)ret);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct blkzone_dev *dev;
	struct blkzone_info info;
	unsigned int flags;
	char msg[256];
	int ret, chk;

	if (size < CTL_SIZE)
		return 0;
	make_path();
	flags = data[0];
	write_file(data + CTL_SIZE, size - CTL_SIZE, flags);

	ret = blkzone_open(path, flags & FL_RDONLY ? O_RDONLY : O_RDWR, &dev);
	/* To see that the seeds get where they were made to. */
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "open: %d\n", ret);
	chk = blkzone_image_check(path, msg, sizeof(msg));
	if (ret) {
		FUZZ_CHECK(ret == -EUCLEAN || ret == -ENOTBLK,
			   "open refused the file with %d", ret);
		FUZZ_CHECK(chk == ret && msg[0],
			   "open gave %d, the check %d \"%s\"", ret, chk, msg);
		return 0;
	}
	FUZZ_CHECK(chk == -EUCLEAN ? msg[0] : !chk && !msg[0],
		   "open worked, the check gave %d \"%s\"", chk, msg);
	sound = !chk;
	ret = blkzone_get_info(dev, &info);
	FUZZ_CHECK(!ret || (!sound && ret == -EUCLEAN), "get_info: %d", ret);
	if (ret) {
		blkzone_close(dev);
		return 0;
	}
	FUZZ_CHECK(info.nr_zones && info.zone_size &&
		   info.capacity == info.nr_zones * info.zone_size,
		   "info: %u zones of %llu, capacity %llu", info.nr_zones,
		   (unsigned long long)info.zone_size,
		   (unsigned long long)info.capacity);
	check_report(dev, &info);
	run_ops(dev, &info, data + 1);
	check_report(dev, &info);
	blkzone_close(dev);

	/* Whatever the operations did, the image must still open. */
	ret = blkzone_open(path, O_RDONLY, &dev);
	FUZZ_CHECK(!ret, "the image no longer opens: %d", ret);
	check_report(dev, &info);
	blkzone_close(dev);
	chk = blkzone_image_check(path, msg, sizeof(msg));
	FUZZ_CHECK(!sound || !chk, "the operations damaged the image: %s", msg);
	return 0;
}
