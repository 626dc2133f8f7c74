#!/bin/sh
# The LOG_COMPILER of scripts/check-valgrind.sh: runs a test program, or
# zonectl, under valgrind memcheck.  libtool --mode=execute finds the real
# binary behind a libtool wrapper script and its uninstalled library.
# Reports go to $VALGRIND_LOG_DIR, one file per process (empty when clean),
# never to the program's stderr, which tests compare.
exec "${top_builddir:?}/libtool" --mode=execute valgrind --quiet \
	--error-exitcode=99 --leak-check=full --show-leak-kinds=definite \
	--errors-for-leak-kinds=definite \
	--log-file="${VALGRIND_LOG_DIR:?}/%p.log" "$@"
