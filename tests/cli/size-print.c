// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Prints what zonectl makes of each size argument, one line each: the
 * number of bytes, or "error N" with the negative errno.  For the shell
 * tests that compare zonectl's sizes with blkzone's.
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>

#include "parse.h"

int main(int argc, char **argv)
{
	uint64_t bytes;
	int i, ret;

	setlocale(LC_ALL, "");
	for (i = 1; i < argc; i++) {
		ret = zc_parse_size(argv[i], &bytes);
		if (ret)
			printf("error %d\n", ret);
		else
			printf("%llu\n", (unsigned long long)bytes);
	}
	return 0;
}
