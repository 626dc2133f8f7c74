/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef BLKZONE_FUZZ_H
#define BLKZONE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * Every target is this function: libFuzzer calls it, and so does
 * replay.c in make check, which has no libFuzzer.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken property is a crash, so that libFuzzer keeps the input. */
#define FUZZ_CHECK(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "%s:%d: property broken: ",	\
				__FILE__, __LINE__);			\
			fprintf(stderr, __VA_ARGS__);			\
			fputc('\n', stderr);				\
			abort();					\
		}							\
	} while (0)

/* What the library promises for every failure. */
#define FUZZ_ERRNO_OK(ret)	((ret) >= -4095 && (ret) < 0)

#endif /* BLKZONE_FUZZ_H */
