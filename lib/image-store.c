// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Zone images: reading and writing the header and the records, and the
 * lock that serialises it between threads and processes.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "image-private.h"

/*
 * All @len bytes at @off, through EINTR and short transfers: written from
 * @wbuf if there is one, else read into @rbuf.
 */
static int full_io(int fd, void *rbuf, const void *wbuf, size_t len,
		   uint64_t off)
{
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		if (wbuf)
			n = pwrite(fd, (const unsigned char *)wbuf + done,
				   len - done, off + done);
		else
			n = pread(fd, (unsigned char *)rbuf + done,
				  len - done, off + done);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		/* The end of the file, or a write that cannot go on. */
		if (!n)
			return wbuf ? -EIO : -ENODATA;
		done += n;
	}
	return 0;
}

/* Contract in image-private.h. */
int img_pread_full(int fd, void *buf, size_t len, uint64_t off)
{
	return full_io(fd, buf, NULL, len, off);
}

/* Contract in image-private.h. */
int img_pwrite_full(int fd, const void *buf, size_t len, uint64_t off)
{
	return full_io(fd, NULL, buf, len, off);
}

/*
 * Runs @fn on the records [@first, @first + @n), at most REC_BATCH of them
 * at a time: @k records from @zone, with a buffer for them that starts
 * zeroed.  Stops at the first error.
 */
int img_rec_batches(uint32_t first, uint32_t n,
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

struct rec_walk {
	const struct image *img;
	uint32_t first;
	img_rec_visit *visit;
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

	ret = img_pread_full(w->img->mfd, buf, (size_t)k * IMG_REC_SIZE,
			     IMG_REC_OFFSET + (uint64_t)zone * IMG_REC_SIZE);
	if (ret == -ENODATA)
		ret = damaged(w->f, "zone record %" PRIu32 ": past the end "
			      "of the file", zone);
	for (i = 0; i < k && !ret; i++) {
		ret = img_decode_rec(w->img, zone + i,
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
int img_walk_recs(const struct image *img, uint32_t first, uint32_t n,
		  img_rec_visit *visit, void *arg, struct fault *f)
{
	struct rec_walk w = {
		.img = img,
		.first = first,
		.visit = visit,
		.arg = arg,
		.f = f,
	};

	return img_rec_batches(first, n, walk_batch, &w);
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
	return img_walk_recs(img, first, n, store_rec, out, NULL);
}

/* Records [@first, @first + @n) into a new array. */
int img_read_range(const struct image *img, uint32_t first, uint32_t n,
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

/* Commits @z as the new state of @zone: one write of one slot. */
int img_write_rec(const struct image *img, uint32_t zone, struct zrec *z)
{
	unsigned char s[IMG_SLOT_SIZE];
	struct zrec next = *z;
	int ret;

	next.gen = z->gen + 1;
	next.slot = !z->slot;
	img_encode_slot(zone, &next, s);
	ret = img_pwrite_full(img->mfd, s, sizeof(s),
			      IMG_REC_OFFSET + (uint64_t)zone * IMG_REC_SIZE +
			      next.slot * IMG_SLOT_SIZE);
	if (ret)
		return ret;
	*z = next;
	return 0;
}

/* Contract in image-private.h. */
int img_lock(struct image *img, int op)
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

/* Contract in image-private.h. */
void img_unlock(struct image *img)
{

	flock(img->mfd, LOCK_UN);
	pthread_mutex_unlock(&img->lock);
}

/*
 * The header of the file open as @fd into @img: -ENOTBLK if none, or
 * -EUCLEAN said in @f.
 */
int img_read_header(int fd, struct image *img, struct fault *f)
{
	unsigned char h[IMG_HDR_SIZE];
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return img_fault(f, -ENOTBLK, "not a regular file");
	do
		n = pread(fd, h, sizeof(h), 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (n < IMG_MAGIC_LEN || memcmp(h, IMG_MAGIC, IMG_MAGIC_LEN))
		return img_fault(f, -ENOTBLK,
				 "no zone image signature at byte 0");
	if (n < (ssize_t)sizeof(h))
		return damaged(f, "truncated at byte %zd: the header takes %u "
			       "bytes", n, IMG_HDR_SIZE);
	return img_decode_header(h, st.st_size, img, f);
}
