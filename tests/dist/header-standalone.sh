# libblkzone.h compiles on its own, without a warning, as C99 and C11 with
# -pedantic, and as C++98 and C++11 with -Wold-style-cast: every macro and
# inline function of the header is used, the bit macros also where C needs
# a constant expression.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

cat >"$tap_tmp/t.c" <<'EOT'
#include <string.h>
#include <libblkzone.h>

#if !defined(BLKZONE_VERSION_MAJOR) || !defined(BLKZONE_VERSION_MINOR) || \
    !defined(BLKZONE_VERSION_PATCH)
#error no version macros
#endif
#if BLKZONE_VERSION < BLKZONE_VERSION_CODE(0, 1, 0)
#error version too old
#endif

static const uint64_t masks[] = {
	BLKZONE_COND_BIT(BLKZONE_COND_ACTIVE) |
		BLKZONE_COND_BIT(BLKZONE_COND_FULL),
	BLKZONE_TYPE_BIT(BLKZONE_TYPE_SEQWRITE_REQ),
	BLKZONE_COND_BIT(200),
};

static int use(struct blkzone_dev *dev, const struct blkzone_zone *z,
	       unsigned int c)
{
	struct blkzone_report_opts opts;
	unsigned int i = 0;

	memset(&opts, 0, sizeof(opts));
	opts.cond_mask = BLKZONE_COND_BIT(c) | blkzone_cond_bit(c) |
			 BLKZONE_COND_BIT(i++);
	opts.type_mask = BLKZONE_TYPE_BIT(z->type) | blkzone_type_bit(i++);
	return (blkzone_zone_is_seq(z) + blkzone_zone_is_full(z) +
		(blkzone_zone_remaining(z) > blkzone_zone_written(z))) ^
	       blkzone_fd(dev) ^ (blkzone_version() == BLKZONE_VERSION) ^
	       (opts.cond_mask == masks[0]) ^ (i == 2) ^
	       (BLKZONE_SECTOR_SIZE == 512) ^ (BLKZONE_REPORT_BATCH > 1) ^
	       (z->wp == BLKZONE_WP_INVALID) ^
	       (z->flags & (BLKZONE_ZONE_RESET | BLKZONE_ZONE_NONSEQ)) ^
	       (opts.flags == BLKZONE_REPORT_CACHED) ^
	       (BLKZONE_MODEL_UNKNOWN == 3) ^ (BLKZONE_OP_FINISH == 4);
}

int main(int argc, char **argv)
{
	struct blkzone_zone z;

	(void)argv;
	memset(&z, 0, sizeof(z));
	return use(NULL, &z, (unsigned int)argc);
}
EOT
sed 's/(unsigned int)argc/static_cast<unsigned int>(argc)/' "$tap_tmp/t.c" \
	>"$tap_tmp/t.cc"

inc="-I$top_srcdir/lib -I$top_builddir/lib"
warn="-pedantic -Wall -Wextra -Werror"
plan 4
for std in c99 c11; do
	${CC:-cc} -std=$std $warn $inc -c "$tap_tmp/t.c" -o "$tap_tmp/t.o" 2>"$err"
	ok $? "$std -pedantic: $(head -c 2000 "$err")"
done
if command -v c++ >/dev/null; then
	for std in c++98 c++11; do
		c++ -std=$std $warn -Wold-style-cast $inc \
			-c "$tap_tmp/t.cc" -o "$tap_tmp/t.o" 2>"$err"
		ok $? "$std -pedantic -Wold-style-cast: $(head -c 2000 "$err")"
	done
else
	echo "ok 3 # SKIP no C++ compiler"
	echo "ok 4 # SKIP no C++ compiler"
	tap_count=4
fi
done_testing
