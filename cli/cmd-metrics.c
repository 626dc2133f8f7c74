// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * metrics: a device's zones in the Prometheus text exposition format, for
 * node_exporter's textfile collector or any scraper.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "zonectl.h"

static const struct {
	unsigned int value;
	const char *label;
} types[] = {
	{ BLKZONE_TYPE_CONVENTIONAL,	"conventional" },
	{ BLKZONE_TYPE_SEQWRITE_REQ,	"sequential_write_required" },
	{ BLKZONE_TYPE_SEQWRITE_PREF,	"sequential_write_preferred" },
}, conds[] = {
	{ BLKZONE_COND_NOT_WP,		"not_write_pointer" },
	{ BLKZONE_COND_EMPTY,		"empty" },
	{ BLKZONE_COND_IMP_OPEN,	"implicit_open" },
	{ BLKZONE_COND_EXP_OPEN,	"explicit_open" },
	{ BLKZONE_COND_CLOSED,		"closed" },
	{ BLKZONE_COND_ACTIVE,		"active" },
	{ BLKZONE_COND_FULL,		"full" },
	{ BLKZONE_COND_READONLY,	"read_only" },
	{ BLKZONE_COND_OFFLINE,		"offline" },
};

#define NTYPES	(sizeof(types) / sizeof(types[0]))
#define NCONDS	(sizeof(conds) / sizeof(conds[0]))

struct tally {
	uint64_t zones[NTYPES + 1][NCONDS + 1];	/* last: unknown */
	uint64_t seq_cap;
	uint64_t written;
	uint64_t open, active;
	bool cached;
};

struct metrics {
	const char *output;	/* --output */
};

static unsigned int type_slot(unsigned int v)
{
	unsigned int i;

	for (i = 0; i < NTYPES && types[i].value != v; i++)
		;
	return i;
}

static unsigned int cond_slot(unsigned int v)
{
	unsigned int i;

	for (i = 0; i < NCONDS && conds[i].value != v; i++)
		;
	return i;
}

static void tally_zone(struct tally *t, const struct blkzone_zone *z)
{
	t->zones[type_slot(z->type)][cond_slot(z->cond)]++;
	if (!zc_zone_has_wp(z))
		return;
	t->seq_cap += z->capacity;
	t->written += zc_zone_written(z);
	switch (z->cond) {
	case BLKZONE_COND_IMP_OPEN:
	case BLKZONE_COND_EXP_OPEN:
		t->open++;
		/* fall through */
	case BLKZONE_COND_CLOSED:
	case BLKZONE_COND_ACTIVE:
		t->active++;
	}
}

/* A label value, escaped as the exposition format wants. */
static void put_label(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fputc('\\', f);
		if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

static void head(FILE *f, const char *name, const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

/* One sample of a metric with only the device label. */
static void gauge(FILE *f, const char *dev, const char *name,
		  const char *help, uint64_t v)
{
	head(f, name, help);
	fprintf(f, "%s{device=\"", name);
	put_label(f, dev);
	fprintf(f, "\"} %" PRIu64 "\n", v);
}

/* Every condition of every type the device has, zeros included. */
static void zone_counts(FILE *f, const char *dev, const struct tally *t)
{
	unsigned int i, j, n;

	head(f, "blkzone_zones",
	     "Zones of the device, by zone type and condition.");
	for (i = 0; i <= NTYPES; i++) {
		for (j = n = 0; j <= NCONDS; j++)
			n += t->zones[i][j] != 0;
		for (j = 0; n && j <= NCONDS; j++) {
			if (j == NCONDS && !t->zones[i][j])
				continue;
			fputs("blkzone_zones{device=\"", f);
			put_label(f, dev);
			fprintf(f, "\",type=\"%s\",condition=\"%s\"} %" PRIu64
				"\n", i < NTYPES ? types[i].label : "unknown",
				j < NCONDS ? conds[j].label : "unknown",
				t->zones[i][j]);
		}
	}
}

static void print_metrics(FILE *f, const char *dev,
			  const struct blkzone_info *info,
			  const struct tally *t)
{
	const struct {
		const char *name, *help;
		uint64_t value;
		bool absent;
	} gauges[] = {
		{ "blkzone_capacity_bytes", "Capacity of the device.",
		  info->capacity, false },
		{ "blkzone_zone_size_bytes", "Size of the device's zones.",
		  info->zone_size, false },
		{ "blkzone_sequential_capacity_bytes",
		  "Capacity of the sequential zones: what they can hold.",
		  t->seq_cap, false },
		{ "blkzone_written_bytes",
		  "Bytes below the write pointers of the sequential zones.",
		  t->written, false },
		/* A cached report folds open and closed zones into active. */
		{ "blkzone_open_zones", "Implicitly and explicitly open zones.",
		  t->open, t->cached },
		{ "blkzone_active_zones", "Open and closed zones.", t->active,
		  false },
		{ "blkzone_max_open_zones",
		  "Open zone limit of the device; 0: none.",
		  info->max_open_zones, false },
		{ "blkzone_max_active_zones",
		  "Active zone limit of the device; 0: none.",
		  info->max_active_zones, false },
		{ "blkzone_report_cached",
		  "Whether the zones came from the kernel's zone cache (1) or "
		  "from the device (0).", t->cached, false },
	};
	size_t i;

	zone_counts(f, dev, t);
	for (i = 0; i < sizeof(gauges) / sizeof(gauges[0]); i++)
		if (!gauges[i].absent)
			gauge(f, dev, gauges[i].name, gauges[i].help,
			      gauges[i].value);
}

/*
 * Writes @text to @path through a temporary file renamed over it, so that
 * a collector reading @path sees the old file or the new one, whole.
 */
static int write_atomic(const char *path, const char *text, size_t len)
{
	size_t n = strlen(path) + 32;
	char *tmp = malloc(n);
	FILE *f;
	int ret = 0;

	if (!tmp)
		return -ENOMEM;
	snprintf(tmp, n, "%s.%ld.tmp", path, (long)getpid());
	f = fopen(tmp, "wx");
	if (!f) {
		ret = -errno;
		free(tmp);
		return ret;
	}
	if (fwrite(text, 1, len, f) != len || fflush(f) || fsync(fileno(f)))
		ret = -errno;
	if (fclose(f) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}

static int emit(struct zc_ctl *ctl, const struct blkzone_info *info,
		const struct tally *t)
{
	const struct metrics *m = ctl->priv;
	char *text = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	if (!m->output) {
		print_metrics(stdout, ctl->path, info, t);
		return ZC_EXIT_OK;
	}
	f = open_memstream(&text, &len);
	if (!f) {
		zc_errn(-errno, "%s", ctl->path);
		return ZC_EXIT_FAILURE;
	}
	print_metrics(f, ctl->path, info, t);
	ret = fclose(f) ? -ENOMEM : write_atomic(m->output, text, len);
	free(text);
	if (ret)
		zc_errn(ret, "%s: cannot write the metrics", m->output);
	return ret ? ZC_EXIT_FAILURE : ZC_EXIT_OK;
}

static int metrics_run(struct zc_ctl *ctl, struct blkzone_dev *dev)
{
	struct blkzone_report_iter *it;
	struct blkzone_info info;
	struct blkzone_zone z;
	struct tally t;
	int ret;

	if (zc_range_start(ctl, dev, &info, &it))
		return ZC_EXIT_FAILURE;
	memset(&t, 0, sizeof(t));
	while ((ret = blkzone_report_next(it, &z)) > 0)
		tally_zone(&t, &z);
	t.cached = blkzone_report_was_cached(it);
	blkzone_report_end(it);
	if (ret < 0)
		return zc_report_error(ctl->path, ret);
	return emit(ctl, &info, &t);
}

static enum zc_parse metrics_option(struct zc_ctl *ctl, int c,
				    const char *arg)
{
	struct metrics *m = ctl->priv;

	(void)c;
	m->output = arg;
	return ZC_PARSE_OK;
}

static const struct option metrics_longopts[] = {
	{ "output",	required_argument, NULL, 'o' },
	{ NULL, 0, NULL, 0 }
};

const struct zc_command zc_cmd_metrics = {
	.name = "metrics",
	.help = "print zone state as Prometheus metrics",
	.desc = "Print the device's zones by type and condition, written bytes,\n"
		"and open and active zones against their limits, in the\n"
		"Prometheus text exposition format (for node_exporter's textfile\n"
		"collector or any scraper).\n",
	.options_help =
		" -C, --cached           from the kernel's zone cache if it has one\n"
		" -o, --output <file>    write to the file, replaced whole\n",
	.notes = "Metric names and labels are described in zonectl(8).\n",
	.flags = ZC_CMD_CACHED,
	.shortopts = "o:",
	.longopts = metrics_longopts,
	.priv_size = sizeof(struct metrics),
	.option = metrics_option,
	.run = metrics_run,
};
