// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Apart from the driver so that the host tests can run zonectl's commands
 * in their own process, with main() of their own.
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>

#include "options.h"
#include "zonectl.h"

/*
 * Output errors (a full disk, a closed pipe) must not pass as success, and
 * are reported once, with the errno of the write that failed: @err, what
 * the command saw, unless flushing says more.
 */
static int close_stdout(int status, int err)
{
	int flush_err = 0;

	errno = 0;
	if (fflush(stdout) != 0)
		flush_err = -errno;
	if (flush_err)
		err = flush_err;
	if (!err && ferror(stdout))
		err = -EIO;
	if (fclose(stdout) != 0 && !err)
		err = -errno;
	if (!err)
		return status;
	if (err == -EPIPE)
		return status;
	zc_errn(err, "write error");
	return ZC_EXIT_FAILURE;
}

int main(int argc, char **argv)
{
	struct zc_ctl ctl;
	int status;

	setlocale(LC_ALL, "");
	status = zc_main(&ctl, argc, argv);
	return close_stdout(status, ctl.output_err);
}
