/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef HOSTTEST_TAP_H
#define HOSTTEST_TAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void tap_plan(unsigned int n);
/* Prints a plan that skips the whole file and exits. */
void tap_skip_all(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));
bool tap_ok(bool cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tap_skip(unsigned int n, const char *reason);
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Exit status: 0 if every test passed and the plan was met. */
int tap_done(void);
/*
 * Ends a file that gave no plan first (tap_plan() not called) because how
 * many results it gives depends on the device: prints the plan last, so a
 * file that dies early has no plan, which counts as a failure.  Returns the
 * exit status, 0 if every test passed.
 */
int tap_end(void);

/* Each argument is evaluated once: they are often the call under test. */
bool tap_eq_int(long long got, long long want, const char *what);
bool tap_eq_u64(uint64_t got, uint64_t want, const char *what);
bool tap_eq_str(const char *got, const char *want, const char *what);
/*
 * Return values of calls that give 0, a count or a negative errno; the
 * diagnostic of a failure names the errno.
 */
bool tap_eq_errno(long long got, long long want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

bool tap_streq(const char *a, const char *b);

#endif /* HOSTTEST_TAP_H */
