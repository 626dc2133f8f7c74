// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * zonectl watch: the zone maps of one or more devices, redrawn every
 * interval from the kernel's cached reports, which cost the disks no
 * command.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "options.h"
#include "parse.h"
#include "zone-map.h"
#include "zonectl.h"

#define MIN_INTERVAL_MS		100U
#define MAX_INTERVAL_MS		86400000U
/* The map rows of a device when the output is not a terminal, as map's. */
#define PIPE_MAP_ROWS		32U
#define DEFAULT_COLS		80U
#define DEFAULT_ROWS		24U
#define HEADER_LINES		2U
/* Besides its map: its title, the counts (two lines at most), use, a gap. */
#define DEVICE_LINES		5U

/* What watch adds to struct zc_ctl, as ctl->priv. */
struct watch_ctl {
	unsigned int interval_ms;
	uint64_t iterations;	/* 0: until told to stop */
	int color;		/* -1: when stdout is a colour terminal */
};

/* A device watched: what is drawn of it, and what its last refresh gave. */
struct watched {
	const char *path;
	struct blkzone_dev *dev;
	struct blkzone_info info;
	struct blkzone_report_opts opts;
	struct zc_map map;
	int err;		/* of the last refresh */
	bool failed;		/* a refresh failed since the start */
};

/*
 * The terminal: redrawn in place when standard output is one, read for
 * keys without echo when standard input is one.  @saved restores it.
 */
struct screen {
	bool tty;
	bool keys;
	struct termios saved;
	unsigned int rows;	/* 0: no bound (not a terminal) */
	unsigned int cols;
	bool color;
};

/* Set by the signal handlers, read between refreshes. */
static volatile sig_atomic_t quit_signal, resized;

static const int quit_signals[] = { SIGINT, SIGTERM, SIGHUP };

static void watch_init(struct zc_ctl *ctl)
{
	struct watch_ctl *wc = ctl->priv;

	wc->interval_ms = 1000;
	wc->color = -1;
}

/* Seconds with an optional fraction and "s": "1", "0.5", "2s". */
static int parse_interval(const char *arg, unsigned int *ms)
{
	char *end;
	double s;

	if (arg[0] < '0' || arg[0] > '9')
		return -EINVAL;
	errno = 0;
	s = strtod(arg, &end);
	if (errno || end == arg || (*end && strcmp(end, "s")) ||
	    strpbrk(arg, "xXeEpP") || s * 1000 < MIN_INTERVAL_MS ||
	    s * 1000 > MAX_INTERVAL_MS)
		return -EINVAL;
	*ms = (unsigned int)(s * 1000 + 0.5);
	return 0;
}

static enum zc_parse watch_option(struct zc_ctl *ctl, int c, const char *arg)
{
	struct watch_ctl *wc = ctl->priv;

	if (zc_map_color_option(c, &wc->color))
		return ZC_PARSE_OK;
	switch (c) {
	case 'n':
		if (parse_interval(arg, &wc->interval_ms))
			return zc_usage_error("watch", "invalid interval '%s' "
					      "(0.1 to 86400 seconds)", arg);
		break;
	case 'i':
		if (zc_parse_u64(arg, &wc->iterations) || !wc->iterations)
			return zc_usage_error("watch", "invalid number of "
					      "refreshes '%s'", arg);
		break;
	}
	return ZC_PARSE_OK;
}

static void on_quit(int sig)
{
	quit_signal = sig;
}

static void on_resize(int sig)
{
	(void)sig;
	resized = 1;
}

/* Handlers of our own, the old ones kept in @old for signals_restore(). */
static void signals_catch(struct sigaction *old)
{
	struct sigaction sa;
	unsigned int i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	quit_signal = 0;
	resized = 0;
	sa.sa_handler = on_quit;
	for (i = 0; i < 3; i++)
		sigaction(quit_signals[i], &sa, &old[i]);
	sa.sa_handler = on_resize;
	sigaction(SIGWINCH, &sa, &old[3]);
}

static void signals_restore(const struct sigaction *old)
{
	unsigned int i;

	for (i = 0; i < 3; i++)
		sigaction(quit_signals[i], &old[i], NULL);
	sigaction(SIGWINCH, &old[3], NULL);
}

static void screen_measure(struct screen *s)
{
	struct winsize ws;

	s->rows = 0;
	s->cols = zc_terminal_width();
	if (!s->cols)
		s->cols = DEFAULT_COLS;
	if (!s->tty || ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws))
		return;
	s->rows = ws.ws_row ? ws.ws_row : DEFAULT_ROWS;
}

/*
 * Keys without Enter and without echo; ISIG stays, so that ^C is SIGINT.
 * On a terminal the screen is cleared, the cursor hidden and lines too
 * long cut rather than wrapped.
 */
static void screen_enter(struct screen *s, int color)
{
	struct termios raw;

	s->tty = isatty(STDOUT_FILENO);
	s->color = zc_want_color(color);
	if (isatty(STDIN_FILENO) && !tcgetattr(STDIN_FILENO, &s->saved)) {
		raw = s->saved;
		raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
		raw.c_cc[VMIN] = 1;
		raw.c_cc[VTIME] = 0;
		s->keys = !tcsetattr(STDIN_FILENO, TCSANOW, &raw);
	}
	screen_measure(s);
	if (s->tty)
		fputs("\033[?25l\033[?7l\033[H\033[2J", stdout);
}

/* The last screen stays, with the cursor below it. */
static void screen_leave(struct screen *s)
{
	if (s->keys)
		tcsetattr(STDIN_FILENO, TCSANOW, &s->saved);
	if (s->tty)
		fputs("\033[?7h\033[?25h\n", stdout);
	fflush(stdout);
}

/* Map rows for each device so that all of them fit on the screen. */
static unsigned int map_rows(const struct screen *s, unsigned int ndev)
{
	unsigned int fixed = HEADER_LINES + ndev * DEVICE_LINES;

	if (!s->rows)
		return PIPE_MAP_ROWS;
	return s->rows > fixed + ndev ? (s->rows - fixed) / ndev : 1;
}

static int maps_size(struct watched *w, unsigned int ndev,
		     const struct screen *s)
{
	uint64_t cells = (uint64_t)(s->cols / ZC_MAP_CELL_CHARS) *
			 map_rows(s, ndev);
	unsigned int i;

	for (i = 0; i < ndev; i++) {
		zc_map_free(&w[i].map);
		if (zc_map_init(&w[i].map,
				zc_map_range_zones(&w[i].opts, &w[i].info),
				cells))
			return -ENOMEM;
	}
	return 0;
}

/* Opens a device, reads its geometry and resolves the range for it. */
static int watched_open(struct zc_ctl *ctl, struct watched *w)
{
	w->path = ctl->path;
	if (zc_open(w->path, O_RDONLY, &w->dev))
		return ZC_EXIT_FAILURE;
	if (zc_zoned_info(ctl, w->dev, &w->info) ||
	    zc_range_resolve(ctl, &w->info) || zc_offset_beyond(ctl, &w->info))
		return ZC_EXIT_FAILURE;
	w->opts = ctl->range.opts;
	w->opts.flags |= BLKZONE_REPORT_CACHED;
	return 0;
}

static void refresh(struct watched *w)
{
	struct blkzone_report_iter *it;

	w->err = blkzone_report_start(w->dev, &w->opts, &it);
	if (w->err)
		goto out;
	w->err = zc_map_fill(&w->map, it, w->info.zone_size);
	blkzone_report_end(it);
out:
	if (w->err)
		w->failed = true;
}

static void draw_header(FILE *f, const struct watch_ctl *wc,
			const struct screen *s)
{
	char left[64], clock[16];
	time_t now = time(NULL);
	struct tm tm;
	int len;

	len = snprintf(left, sizeof(left), "zonectl watch, every %gs%s",
		       wc->interval_ms / 1000.0, s->keys ? " (q quits)" : "");
	strftime(clock, sizeof(clock), "%H:%M:%S", localtime_r(&now, &tm));
	fprintf(f, "%s%*s\n\n", left,
		(int)s->cols > len + 9 ? (int)s->cols - len : 9, clock);
}

/* Open and active zones against the device's limits, and what is written. */
static void draw_use(FILE *f, const struct watched *w)
{
	const uint64_t *n = w->map.count;
	uint64_t open = n[ZC_SYM_IMP_OPEN] + n[ZC_SYM_EXP_OPEN];
	uint64_t active = open + n[ZC_SYM_CLOSED] + n[ZC_SYM_ACTIVE];
	char wr[16], cap[16];

	fprintf(f, " written %s of %s",
		zc_human_size(wr, sizeof(wr), w->map.written, false),
		zc_human_size(cap, sizeof(cap), w->map.seq_cap, false));
	if (w->map.seq_cap)
		fprintf(f, " (%.0f%%)", 100.0 * (double)w->map.written /
					 (double)w->map.seq_cap);
	/* A cached report does not tell open zones from closed ones. */
	if (!w->map.cached) {
		fprintf(f, ", open %" PRIu64, open);
		if (w->info.max_open_zones)
			fprintf(f, " of %" PRIu32, w->info.max_open_zones);
	}
	fprintf(f, ", active %" PRIu64, active);
	if (w->info.max_active_zones)
		fprintf(f, " of %" PRIu32, w->info.max_active_zones);
	fputc('\n', f);
}

/*
 * A device's title.  On a terminal it is cut to the width, so that the
 * terminal does not write its overflow over the last column.
 */
static void draw_title(FILE *f, const struct watched *w,
		       const struct screen *s)
{
	const struct zc_map *m = &w->map;
	char title[PATH_MAX + 160];
	int len;

	len = snprintf(title, sizeof(title), "%s: %" PRIu64 " zone%s from zone %"
		       PRIu64 ", %" PRIu64 " per cell, %s", w->path, m->zones,
		       m->zones == 1 ? "" : "s", m->first, m->per_cell,
		       m->cached ? "cached report" :
		       "device report (no zone cache in this kernel: each "
		       "refresh reads the disk)");
	if (s->tty && len > (int)s->cols && s->cols > 3 &&
	    s->cols < sizeof(title))
		memcpy(title + s->cols - 3, "...", 4);
	fprintf(f, "%s\n", title);
}

static void draw_device(FILE *f, const struct watched *w,
			const struct screen *s)
{
	const struct zc_map *m = &w->map;
	char buf[128];

	if (w->err) {
		fprintf(f, "%s: zone report failed: %s\n\n", w->path,
			zc_strerror(w->err, buf, sizeof(buf)));
		return;
	}
	draw_title(f, w, s);
	zc_map_print(f, m, s->cols / ZC_MAP_CELL_CHARS, s->color);
	zc_map_counts(f, m, s->cols, s->color);
	draw_use(f, w);
	fputc('\n', f);
}

/*
 * On a terminal, the frame from the top left corner, each line erased
 * before it is drawn and the screen below it cleared, no more lines than
 * the screen has, so that nothing scrolls; elsewhere, the frame as it is.
 */
static int put_frame(const char *frame, size_t len, const struct screen *s)
{
	const char *p = frame, *end = frame + len, *nl;
	unsigned int line = 0;

	if (!s->tty) {
		fwrite(frame, 1, len, stdout);
		return fflush(stdout) ? -errno : 0;
	}
	fputs("\033[H", stdout);
	while (p < end && line < s->rows) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		/* Erased first: erasing after would take the last column. */
		fputs("\033[2K", stdout);
		fwrite(p, 1, (size_t)(nl - p), stdout);
		if (++line < s->rows && nl + 1 < end)
			fputs("\r\n", stdout);
		p = nl + 1;
	}
	fputs("\033[J", stdout);
	return fflush(stdout) ? -errno : 0;
}

static int draw(struct watched *w, unsigned int ndev,
		const struct watch_ctl *wc, const struct screen *s)
{
	char *frame = NULL;
	size_t len = 0;
	unsigned int i;
	FILE *f;
	int ret;

	f = open_memstream(&frame, &len);
	if (!f)
		return -ENOMEM;
	draw_header(f, wc, s);
	for (i = 0; i < ndev; i++)
		draw_device(f, &w[i], s);
	if (fclose(f)) {
		free(frame);
		return -ENOMEM;
	}
	ret = put_frame(frame, len, s);
	free(frame);
	return ret;
}

enum wake {
	WAKE_NONE,	/* a key that means nothing */
	WAKE_TIME,	/* the interval is over, or space asks for a refresh */
	WAKE_RESIZE,
	WAKE_QUIT,
};

static enum wake read_key(struct screen *s)
{
	char c;

	if (read(STDIN_FILENO, &c, 1) != 1) {
		/* The terminal went away: no more keys. */
		s->keys = false;
		return WAKE_QUIT;
	}
	if (c == 'q' || c == 'Q')
		return WAKE_QUIT;
	return c == ' ' ? WAKE_TIME : WAKE_NONE;
}

static int64_t ms_left(const struct timespec *deadline)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (deadline->tv_sec - now.tv_sec) * 1000 +
	       (deadline->tv_nsec - now.tv_nsec) / 1000000;
}

/*
 * Sleeps until @deadline, a quit signal or key, or a resize.  The signals
 * are blocked but inside ppoll(), so that none is missed between the look
 * at the flags and the sleep.
 */
static enum wake wait_next(struct screen *s, const struct timespec *deadline)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
	sigset_t block, old;
	enum wake wake = WAKE_NONE;
	unsigned int i;
	int64_t left;

	sigemptyset(&block);
	for (i = 0; i < 3; i++)
		sigaddset(&block, quit_signals[i]);
	sigaddset(&block, SIGWINCH);
	sigprocmask(SIG_BLOCK, &block, &old);
	for (;;) {
		struct timespec ts;
		int n;

		if (quit_signal) {
			wake = WAKE_QUIT;
			break;
		}
		if (resized) {
			wake = WAKE_RESIZE;
			break;
		}
		left = ms_left(deadline);
		if (left <= 0) {
			wake = WAKE_TIME;
			break;
		}
		ts.tv_sec = left / 1000;
		ts.tv_nsec = left % 1000 * 1000000;
		n = ppoll(&pfd, s->keys ? 1 : 0, &ts, &old);
		if (n > 0) {
			wake = read_key(s);
			if (wake != WAKE_NONE)
				break;
		}
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return wake;
}

static void deadline_after(struct timespec *t, unsigned int ms)
{
	clock_gettime(CLOCK_MONOTONIC, t);
	t->tv_sec += ms / 1000;
	t->tv_nsec += (long)(ms % 1000) * 1000000;
	if (t->tv_nsec >= 1000000000) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000;
	}
}

/*
 * Refreshes and draws until the iterations are done or a quit.  Returns
 * 0, or the negative errno of a failed write or allocation.
 */
static int watch_loop(struct watched *w, unsigned int ndev,
		      const struct watch_ctl *wc, struct screen *s)
{
	struct timespec deadline;
	uint64_t done = 0;
	unsigned int i;
	int ret;

	for (;;) {
		deadline_after(&deadline, wc->interval_ms);
		for (i = 0; i < ndev; i++)
			refresh(&w[i]);
		ret = draw(w, ndev, wc, s);
		if (ret)
			return ret;
		if (wc->iterations && ++done >= wc->iterations)
			return 0;
		switch (wait_next(s, &deadline)) {
		case WAKE_QUIT:
			return 0;
		case WAKE_RESIZE:
			resized = 0;
			screen_measure(s);
			ret = maps_size(w, ndev, s);
			if (ret)
				return ret;
			break;
		case WAKE_TIME:
		case WAKE_NONE:
			break;
		}
	}
}

/* What went wrong while the screen was up, once it is down. */
static int report_failures(const struct watched *w, unsigned int ndev)
{
	int status = ZC_EXIT_OK;
	unsigned int i;

	for (i = 0; i < ndev; i++) {
		if (!w[i].failed)
			continue;
		if (w[i].err)
			zc_report_error(w[i].path, w[i].err);
		else
			zc_errx("%s: a zone report failed while watching",
				w[i].path);
		status = ZC_EXIT_FAILURE;
	}
	return status;
}

static void watched_close(struct watched *w, unsigned int ndev)
{
	unsigned int i;

	for (i = 0; i < ndev; i++) {
		zc_map_free(&w[i].map);
		blkzone_close(w[i].dev);
	}
	free(w);
}

static int watch_run(struct zc_ctl *ctl, struct blkzone_dev *unused)
{
	const struct watch_ctl *wc = ctl->priv;
	struct sigaction old[4];
	struct screen s = { 0 };
	unsigned int i, ndev = ctl->npaths;
	struct watched *w;
	int ret = 0, status;

	(void)unused;
	w = calloc(ndev, sizeof(*w));
	if (!w) {
		zc_errn(-ENOMEM, "watch");
		return ZC_EXIT_FAILURE;
	}
	for (i = 0; i < ndev; i++) {
		ctl->path = ctl->paths[i];
		if (watched_open(ctl, &w[i])) {
			watched_close(w, i + 1);
			return ZC_EXIT_FAILURE;
		}
	}
	signals_catch(old);
	screen_enter(&s, wc->color);
	ret = maps_size(w, ndev, &s);
	if (!ret)
		ret = watch_loop(w, ndev, wc, &s);
	screen_leave(&s);
	signals_restore(old);
	status = report_failures(w, ndev);
	watched_close(w, ndev);
	if (ret == -ENOMEM) {
		zc_errn(ret, "watch");
		return ZC_EXIT_FAILURE;
	}
	if (ret) {
		zc_output_failed(ctl, ret);
		return ZC_EXIT_FAILURE;
	}
	return status;
}

static const struct option watch_longopts[] = {
	{ "interval",	required_argument, NULL, 'n' },
	{ "iterations",	required_argument, NULL, 'i' },
	ZC_MAP_COLOR_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

const struct zc_command zc_cmd_watch = {
	.name = "watch",
	.help = "show the zones of devices live",
	.desc = "Show the zone map of each device and its zones by condition,\n"
		"refreshed every interval from the kernel's cached reports,\n"
		"which send the disk no command.  On a kernel without them,\n"
		"each refresh is a device report, and the screen says so.\n"
		"q, an interrupt or a hangup ends it; space refreshes at once.\n",
	.options_help =
		ZC_RANGE_HELP
		" -n, --interval <seconds>\n"
		"                        time between refreshes (default 1, at least 0.1)\n"
		" -i, --iterations <number>\n"
		"                        refresh this many times, then end\n"
		ZC_MAP_COLOR_HELP,
	.notes = ZC_SIZE_HELP,
	.flags = ZC_CMD_RANGE | ZC_CMD_DEVICES,
	.shortopts = "n:i:",
	.longopts = watch_longopts,
	.priv_size = sizeof(struct watch_ctl),
	.init = watch_init,
	.option = watch_option,
	.run = watch_run,
};
