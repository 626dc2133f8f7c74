// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Runs a fuzz target on every file of its corpus, without libFuzzer, as a
 * TAP test: the seeds and every input that once crashed stay regression
 * tests of plain builds.  The corpus is $top_srcdir/fuzz/corpus/TARGET, or
 * the directories given as arguments.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int only_files(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t size = 0, n;

	if (!f)
		return NULL;
	for (;;) {
		unsigned char *tmp = realloc(buf, size + 65536);

		if (!tmp) {
			free(buf);
			fclose(f);
			return NULL;
		}
		buf = tmp;
		n = fread(buf + size, 1, 65536, f);
		size += n;
		if (n < 65536)
			break;
	}
	fclose(f);
	*len = size;
	return buf;
}

int main(int argc, char **argv)
{
	const char *default_dirs[1];
	const char **dirs = (const char **)argv + 1;
	char def[4096];
	int ndirs = argc - 1, d, total = 0, run = 0, bad = 0;
	struct dirent ***lists;
	int *counts;

	if (!ndirs) {
		const char *top = getenv("top_srcdir");

		snprintf(def, sizeof(def), "%s/fuzz/corpus/%s",
			 top ? top : ".", FUZZ_TARGET);
		default_dirs[0] = def;
		dirs = default_dirs;
		ndirs = 1;
	}
	lists = calloc(ndirs, sizeof(*lists));
	counts = calloc(ndirs, sizeof(*counts));
	if (!lists || !counts)
		return 99;
	for (d = 0; d < ndirs; d++) {
		counts[d] = scandir(dirs[d], &lists[d], only_files, alphasort);
		if (counts[d] < 0) {
			printf("Bail out! cannot read %s\n", dirs[d]);
			return 99;
		}
		total += counts[d];
	}
	if (!total) {
		printf("Bail out! no inputs for %s\n", FUZZ_TARGET);
		return 99;
	}
	printf("1..%d\n", total);
	for (d = 0; d < ndirs; d++) {
		int i;

		for (i = 0; i < counts[d]; i++) {
			char path[8192];
			unsigned char *buf;
			size_t len = 0;

			snprintf(path, sizeof(path), "%s/%s", dirs[d],
				 lists[d][i]->d_name);
			buf = slurp(path, &len);
			if (!buf) {
				printf("not ok %d - cannot read %s\n", ++run,
				       path);
				bad++;
				continue;
			}
			/* Named first: a crash must tell which input it was. */
			printf("# %s\n", path);
			fflush(stdout);
			LLVMFuzzerTestOneInput(buf, len);
			printf("ok %d - %s %s (%zu bytes)\n", ++run, FUZZ_TARGET,
			       lists[d][i]->d_name, len);
			fflush(stdout);
			free(buf);
			free(lists[d][i]);
		}
		free(lists[d]);
	}
	free(lists);
	free(counts);
	return bad ? 1 : 0;
}
