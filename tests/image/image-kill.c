// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill -9 at any point of any operation leaves an image that opens, passes
 * blkzone_image_check() and agrees with what was acknowledged.  A child runs random zone operations
 * and logs, before each, what it is about to do and, after each, the
 * state it left; the parent kills it at a random time, reopens the image
 * and checks every zone against the last logged state, allowing the
 * operation in flight to have happened or not, zone by zone, and the data
 * below each write pointer against the pattern written.
 *
 * IMAGE_KILL_COUNT sets the number of kills (default 300, about a second):
 * scripts/test-all.sh runs a long variant.  IMAGE_KILL_WINDOW_US (default
 * 2000) bounds the random time a child runs before its kill, which must
 * grow where operations are slow (under valgrind) for kills to cut them.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "image-util.h"
#include "tap.h"

#define NZ	8		/* zone 0 conventional */
#define ZS	65536ULL
#define CAP	49152ULL
#define BLK	4096ULL
/* Kills of a make check run; IMAGE_KILL_COUNT asks for more. */
#define KILLS_DEFAULT	300

struct zst {
	unsigned int cond;
	uint64_t wp;		/* from the zone start, as reported */
	uint64_t de;		/* data written below it */
	unsigned int gen;	/* resets seen: selects the pattern */
};

static struct zst state[NZ];
static char log_path[128];
static const char *img_path;

static uint64_t pattern_word(int zone, unsigned int gen, uint64_t word)
{
	return (word + 1) * 0x9e3779b97f4a7c15ULL ^
	       (uint64_t)gen * 0xc2b2ae3d27d4eb4fULL ^ (uint64_t)zone;
}

static unsigned char pattern(int zone, unsigned int gen, uint64_t off)
{
	return pattern_word(zone, gen, off / 8) >> (8 * (off % 8));
}

/* Word by word: the child spends its time in operations, not here. */
static void fill(unsigned char *buf, int zone, unsigned int gen, uint64_t off,
		 uint64_t len)
{
	uint64_t i, w;
	int b;

	for (i = 0; i < len; i += 8) {
		w = pattern_word(zone, gen, (off + i) / 8);
		for (b = 0; b < 8; b++)
			buf[i + b] = w >> (8 * b);
	}
}

static int current(struct blkzone_dev *dev, struct zst *s)
{
	struct blkzone_zone z[NZ];
	long n = 0;
	int i;
	struct blkzone_report_iter *it;
	int ret = blkzone_report_start(dev, NULL, &it);

	if (ret)
		return ret;
	while (n < NZ && (ret = blkzone_report_next(it, &z[n])) > 0)
		n++;
	blkzone_report_end(it);
	if (ret < 0 || n != NZ)
		return -EIO;
	for (i = 0; i < NZ; i++) {
		s[i].cond = z[i].cond;
		s[i].wp = z[i].wp - z[i].start;
	}
	return 0;
}

static void logf_line(int fd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void logf_line(int fd, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (write(fd, line, n) != n)
		_exit(4);
}

static void log_state(int fd, int ret)
{
	char line[512];
	int i, n;

	n = snprintf(line, sizeof(line), "D %d", ret);
	for (i = 0; i < NZ; i++)
		n += snprintf(line + n, sizeof(line) - n, " %u,%llu,%llu,%u",
			      state[i].cond, (unsigned long long)state[i].wp,
			      (unsigned long long)state[i].de, state[i].gen);
	line[n++] = '\n';
	if (write(fd, line, n) != n)
		_exit(4);
}

static int cur_op, cur_zone, cur_ret;
static uint64_t cur_off, cur_len;

static __attribute__((noreturn)) void child_fail(int fd, const char *why)
{
	logf_line(fd, "X %s (op %d zone %d off %llu len %llu: %d)\n", why,
		  cur_op, cur_zone, (unsigned long long)cur_off,
		  (unsigned long long)cur_len, cur_ret);
	_exit(3);
}

static __attribute__((noreturn)) void child(unsigned int seed)
{
	static unsigned char buf[6 * BLK];
	struct blkzone_dev *dev;
	struct zst now[NZ];
	int fd, i, z, ret;

	fd = open(log_path, O_WRONLY | O_APPEND);
	if (fd < 0)
		_exit(5);
	srand(seed);
	if (blkzone_open(img_path, O_RDWR, &dev))
		child_fail(fd, "open");
	for (;;) {
		int r = rand() % 100;
		enum blkzone_op op = 0;
		uint64_t off = 0, len = 0;

		z = 1 + rand() % (NZ - 1);
		if (r < 55) {
			/* A full zone reports its wp at the zone end. */
			off = state[z].cond == BLKZONE_COND_FULL ? CAP :
							       state[z].wp;
			if (rand() % 10 == 0)
				off += BLK;
			len = (1 + rand() % 6) * BLK;
			fill(buf, z, state[z].gen, off, len);
			logf_line(fd, "I w %d %llu %llu\n", z,
				  (unsigned long long)off,
				  (unsigned long long)len);
			ret = (int)dev->ops->pwrite(dev, buf, len,
						    z * ZS + off);
			if (ret > 0 && (uint64_t)ret != len)
				child_fail(fd, "short write");
			if (ret > 0)
				ret = 0;
		} else {
			if (r < 67)
				op = BLKZONE_OP_RESET;
			else if (r < 70)
				op = BLKZONE_OP_RESET, z = -1;
			else if (r < 80)
				op = BLKZONE_OP_FINISH;
			else if (r < 90)
				op = BLKZONE_OP_OPEN;
			else
				op = BLKZONE_OP_CLOSE;
			logf_line(fd, "I %c %d\n", "?rocf"[op], z);
			ret = z < 0 ? img_op(dev, op, 0, NZ * ZS) :
				      img_op(dev, op, z * ZS, ZS);
		}
		cur_op = op;
		cur_zone = z;
		cur_off = off;
		cur_len = len;
		cur_ret = ret;
		if (current(dev, now))
			child_fail(fd, "report");
		if (ret) {
			if (ret != -EIO && ret != -ETOOMANYREFS &&
			    ret != -EOVERFLOW)
				child_fail(fd, "unexpected error");
			if (!op && off != state[z].wp && ret != -EIO)
				child_fail(fd, "write off the wp not -EIO");
			for (i = 0; i < NZ; i++)
				if (now[i].cond != state[i].cond ||
				    now[i].wp != state[i].wp)
					child_fail(fd, "refused op changed a zone");
		} else if (!op) {
			if (off != state[z].wp)
				child_fail(fd, "write off the wp accepted");
			if (off + len == CAP ? now[z].cond != BLKZONE_COND_FULL :
			    now[z].wp != off + len) {
				logf_line(fd, "X write did not move the wp: "
					  "zone %d off %llu len %llu, now %u "
					  "%llu\n", z, (unsigned long long)off,
					  (unsigned long long)len, now[z].cond,
					  (unsigned long long)now[z].wp);
				_exit(3);
			}
			state[z].de = off + len;
		} else if (op == BLKZONE_OP_RESET) {
			for (i = 1; i < NZ; i++) {
				if (z >= 0 && i != z)
					continue;
				if (now[i].cond != BLKZONE_COND_EMPTY)
					child_fail(fd, "reset left a zone");
				state[i].de = 0;
				state[i].gen++;
			}
		} else if (op == BLKZONE_OP_FINISH &&
			   now[z].cond != BLKZONE_COND_FULL) {
			child_fail(fd, "finish did not fill");
		} else if (op == BLKZONE_OP_OPEN &&
			   now[z].cond != BLKZONE_COND_EXP_OPEN &&
			   now[z].cond != BLKZONE_COND_FULL) {
			child_fail(fd, "open did not open");
		} else if (op == BLKZONE_OP_CLOSE &&
			   (now[z].cond == BLKZONE_COND_IMP_OPEN ||
			    now[z].cond == BLKZONE_COND_EXP_OPEN)) {
			child_fail(fd, "close left it open");
		}
		for (i = 0; i < NZ; i++) {
			state[i].cond = now[i].cond;
			state[i].wp = now[i].wp;
		}
		log_state(fd, ret);
	}
}

struct inflight {
	char op;		/* 0: none */
	int zone;
	uint64_t off, len;
};

static bool parse_state(const char *line, struct zst *s)
{
	const char *p = strchr(line + 2, ' ');
	int i;

	for (i = 0; i < NZ; i++) {
		unsigned long long wp, de;

		if (!p || sscanf(p, " %u,%llu,%llu,%u", &s[i].cond, &wp, &de,
				 &s[i].gen) != 4)
			return false;
		s[i].wp = wp;
		s[i].de = de;
		p = strchr(p + 1, ' ');
	}
	return true;
}

/* Whether the child has logged an acknowledged operation ("D" line). */
static bool log_has_ack(void)
{
	char text[4096];
	ssize_t n;
	int fd = open(log_path, O_RDONLY);

	if (fd < 0)
		return false;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return false;
	text[n] = 0;
	return text[0] == 'D' || strstr(text, "\nD");
}

/* Reads the log: last state into state[], the operation in flight. */
static int parse_log(struct inflight *in, int *acked, char *xmsg)
{
	static char text[1 << 22];
	char *line, *nl;
	ssize_t n;
	int fd = open(log_path, O_RDONLY);

	if (fd < 0)
		return -1;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n < 0 || n == sizeof(text) - 1)
		return -1;
	text[n] = 0;
	memset(in, 0, sizeof(*in));
	for (line = text; (nl = strchr(line, '\n')); line = nl + 1) {
		unsigned long long off = 0, len = 0;

		*nl = 0;
		if (line[0] == 'X') {
			snprintf(xmsg, 128, "%.120s", line);
			return -1;
		}
		if (line[0] == 'D') {
			if (!parse_state(line, state))
				return -1;
			in->op = 0;
			(*acked)++;
		} else if (line[0] == 'I') {
			memset(in, 0, sizeof(*in));
			if (sscanf(line, "I %c %d %llu %llu", &in->op,
				   &in->zone, &off, &len) < 2)
				return -1;
			in->off = off;
			in->len = len;
		}
	}
	return 0;
}

static bool zone_data_ok(struct blkzone_dev *dev, int z, const struct zst *s)
{
	static unsigned char buf[ZS];
	uint64_t i;

	if (dev->ops->pread(dev, buf, ZS, z * ZS) != (int64_t)ZS)
		return false;
	for (i = 0; i < ZS; i++)
		if (buf[i] != (i < s->de ? pattern(z, s->gen, i) : 0))
			return false;
	return true;
}

/* The states zone @z may be in: before, or after the operation in flight. */
static int candidates(int z, const struct inflight *in, struct zst *c)
{
	int n = 0;

	c[n++] = state[z];
	if (!in->op || z == 0)
		return n;
	if (state[z].cond == BLKZONE_COND_IMP_OPEN) {
		/* A victim of an implicit close. */
		c[n] = state[z];
		c[n++].cond = BLKZONE_COND_CLOSED;
	}
	if (in->zone != z && !(in->op == 'r' && in->zone < 0))
		return n;
	c[n] = state[z];
	switch (in->op) {
	case 'w':
		if (in->off != state[z].wp || in->off + in->len > CAP)
			return n;
		c[n].wp = c[n].de = in->off + in->len;
		c[n].cond = BLKZONE_COND_IMP_OPEN;
		if (c[n].wp == CAP) {
			c[n].cond = BLKZONE_COND_FULL;
			c[n].wp = ZS;
		} else if (state[z].cond == BLKZONE_COND_EXP_OPEN) {
			c[n].cond = BLKZONE_COND_EXP_OPEN;
		}
		n++;
		break;
	case 'r':
		c[n].cond = BLKZONE_COND_EMPTY;
		c[n].wp = c[n].de = 0;
		c[n++].gen++;
		break;
	case 'f':
		c[n].cond = BLKZONE_COND_FULL;
		c[n++].wp = ZS;
		break;
	case 'o':
		if (c[n].cond != BLKZONE_COND_FULL)
			c[n++].cond = BLKZONE_COND_EXP_OPEN;
		break;
	case 'c':
		if (c[n].cond == BLKZONE_COND_IMP_OPEN ||
		    c[n].cond == BLKZONE_COND_EXP_OPEN) {
			c[n].cond = c[n].wp ? BLKZONE_COND_CLOSED :
					      BLKZONE_COND_EMPTY;
			n++;
		}
		break;
	}
	return n;
}

int main(void)
{
	struct blkzone_image_geometry g = img_geo(NZ, ZS);
	int kills = 0, opened = 0, agreed = 0, acked = 0, inflight = 0;
	int exited = 0, k, z, nkills = KILLS_DEFAULT, window = 2000;
	const char *env = getenv("IMAGE_KILL_COUNT");
	const char *wenv = getenv("IMAGE_KILL_WINDOW_US");
	char xmsg[128] = "", cmsg[256];
	struct img_env e;
	struct timespec t0, t1;

	if (env && *env) {
		char *end;
		long v = strtol(env, &end, 10);

		if (*end || v < 10 || v > 10000000) {
			printf("Bail out! IMAGE_KILL_COUNT=%s: want 10 or more\n",
			       env);
			return 99;
		}
		nkills = v;
	}
	if (wenv && *wenv) {
		char *end;
		long v = strtol(wenv, &end, 10);

		if (*end || v < 1 || v > 10000000) {
			printf("Bail out! IMAGE_KILL_WINDOW_US=%s: want 1 to "
			       "10000000\n", wenv);
			return 99;
		}
		window = v;
	}
	img_env_init(&e);
	snprintf(log_path, sizeof(log_path), "%s/log", e.dir);
	img_path = e.path;
	g.nr_conv_zones = 1;
	g.zone_capacity = CAP;
	g.max_open_zones = 2;
	g.max_active_zones = 4;
	blkzone_close(img_make(e.path, &g));
	for (z = 0; z < NZ; z++)
		state[z].cond = z ? BLKZONE_COND_EMPTY : BLKZONE_COND_NOT_WP;
	state[0].wp = ZS;
	srand(time(NULL));
	tap_plan(5);
	clock_gettime(CLOCK_MONOTONIC, &t0);

	for (k = 0; k < nkills; k++) {
		struct inflight in;
		struct blkzone_dev *dev;
		unsigned int seed = rand();
		int fd, status, bad = 0, w;
		pid_t pid;

		fd = open(log_path, O_CREAT | O_TRUNC | O_WRONLY, 0600);
		if (fd < 0)
			break;
		close(fd);
		pid = fork();
		if (pid < 0)
			break;
		if (!pid)
			child(seed);
		/*
		 * Kill it once it has done an operation, not while it starts:
		 * on a loaded machine the child may not run at all within the
		 * window, and the kills would cut nothing.
		 */
		for (w = 0; w < 20000 && !log_has_ack(); w++)
			usleep(50);
		usleep(rand() % window);
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
			kills++;
		else
			exited++;
		if (parse_log(&in, &acked, xmsg))
			break;
		inflight += in.op != 0;

		if (blkzone_open(e.path, O_RDWR, &dev))
			break;
		/* Opening reads no record: the check reads them all. */
		if (blkzone_image_check(e.path, cmsg, sizeof(cmsg))) {
			tap_diag("kill %d: the check: %s", k, cmsg);
			blkzone_close(dev);
			break;
		}
		opened++;
		{
			struct zst now[NZ];

			if (current(dev, now))
				bad++;
			for (z = 0; z < NZ && !bad; z++) {
				struct zst c[4];
				int n = candidates(z, &in, c), i;

				for (i = 0; i < n; i++)
					if (c[i].cond == now[z].cond &&
					    c[i].wp == now[z].wp &&
					    zone_data_ok(dev, z, &c[i]))
						break;
				if (i == n) {
					tap_diag("kill %d: zone %d is %u wp %llu; "
						 "op in flight '%c' zone %d", k,
						 z, now[z].cond,
						 (unsigned long long)now[z].wp,
						 in.op ? in.op : '-', in.zone);
					bad++;
				} else {
					state[z] = c[i];
				}
			}
		}
		blkzone_close(dev);
		if (bad)
			break;
		agreed++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	tap_diag("%d kills, %d operations acknowledged, %d in flight at the kill, "
		 "%.1f s", kills, acked, inflight,
		 (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	tap_ok(!xmsg[0], "the child saw ZBC semantics%s%s", xmsg[0] ? ": " : "",
	       xmsg);
	tap_ok(kills >= nkills - 5 && !exited, "%d children killed, %d exited",
	       kills, exited);
	tap_ok(opened == nkills, "the image opened and checked sound after %d "
	       "of %d kills", opened, nkills);
	tap_ok(agreed == nkills, "every zone agreed with the log after %d of "
	       "%d kills", agreed, nkills);
	/*
	 * Every child was killed after an acknowledged operation; enough
	 * kills found one in flight for the run to mean something.
	 */
	tap_ok(acked >= kills && inflight > nkills / 2,
	       "operations were cut: %d acknowledged, %d in flight", acked,
	       inflight);
	img_env_cleanup(&e);
	return tap_done();
}
