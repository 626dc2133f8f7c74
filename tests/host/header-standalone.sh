# libblkzone.h compiles on its own, as strict C99 and as C++.
. "$top_srcdir/tests/host/tap.sh"

cat >"$tap_tmp/t.c" <<'EOT'
#include <string.h>
#include <libblkzone.h>
int main(void)
{
	struct blkzone_report_opts opts;

	memset(&opts, 0, sizeof(opts));

	opts.cond_mask = BLKZONE_COND_BIT(BLKZONE_COND_ACTIVE) |
			 BLKZONE_COND_BIT(BLKZONE_COND_FULL);
	opts.type_mask = BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_REQ);
	return opts.cond_mask == 0 || opts.type_mask == 0;
}
EOT
plan 2
${CC:-cc} -std=c99 -pedantic -Wall -Wextra -Werror -I"$top_srcdir/lib" \
	-c "$tap_tmp/t.c" -o "$tap_tmp/t.o" 2>"$err"
ok $? "C99 $(cat "$err")"
if command -v c++ >/dev/null; then
	cp "$tap_tmp/t.c" "$tap_tmp/t.cc"
	c++ -std=c++11 -pedantic -Wall -Wextra -Werror -I"$top_srcdir/lib" \
		-c "$tap_tmp/t.cc" -o "$tap_tmp/t2.o" 2>"$err"
	ok $? "C++11 $(cat "$err")"
else
	echo "ok 2 # SKIP no C++ compiler"
	tap_count=2
fi
done_testing
