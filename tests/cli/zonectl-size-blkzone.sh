# zonectl reads sizes as util-linux's strtosize() does: each string below
# gives blkzone(8) the same number that zonectl gives (bytes with a unit,
# 512-byte sectors without), or both refuse it.  blkzone runs on a regular
# file through an LD_PRELOAD shim (blkzone-shim.c) that makes it pass for
# a block device of a chosen size, so nothing touches a disk.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

blkzone=$(command -v blkzone || echo /usr/sbin/blkzone)
[ -x "$blkzone" ] || skip_all "no blkzone"
size_print=$top_builddir/tests/cli/size-print
shim=$tap_tmp/shim.so
${CC:-cc} -shared -fPIC -o "$shim" "$top_srcdir/tests/cli/blkzone-shim.c" \
	-ldl 2>"$err" || skip_all "cannot build the shim: $(cat "$err")"
dev=$tap_tmp/dev
: >"$dev"

# blkzone_says SECTORS STRING: blkzone's answer to report -o STRING on a
# device of SECTORS sectors: parse, below or beyond.
blkzone_says() {
	msg=$(SHIM_SECTORS=$1 LD_PRELOAD=$shim "$blkzone" report -o "$2" "$dev" 2>&1)
	case $msg in
	*"failed to parse"*) echo parse ;;
	*"greater than or equal"*) echo beyond ;;
	*"unable to determine zone size"*) echo below ;;
	*) echo "other: $msg" ;;
	esac
}

# Strings that both read (one a line, blanks kept), and strings that both
# refuse.
same=$tap_tmp/same
cat >"$same" <<'EOT'
0
8
010
0x10
0X1f
0x1000B
 8
+8
1K
1k
1KiB
1Kib
1KB
1kb
1Kb
4M
2GiB
3GB
1T
1TB
1P
2PB
1.5M
1.5m
1.5MB
1.M
1.0M
0.5K
2.5G
1.2KB
1.25KB
1.05KB
0.5MB
00000000000000000000000000001K
EOT
refused=$tap_tmp/refused
cat >"$refused" <<'EOT'

-1
 -1
1.5
1.0
1.
08
1B
4096B
1Ki
1iB
1X
1 K
1K 
abc
0x
1e3
1.5.5M
1Z
16E
99999999999999999999999
EOT
plan $(($(lines "$same") + $(lines "$refused") + 5))

while IFS= read -r s; do
	bytes=$("$size_print" "$s")
	case $bytes in
	error*) ok 1 "'$s': zonectl refuses it ($bytes)"; continue ;;
	esac
	case $s in
	*0x*|*0X*|*[0-9]) value=$((bytes / 512)) ;;
	*) value=$bytes ;;
	esac
	a=$(blkzone_says "$value" "$s")
	b=$(blkzone_says $((value + 1)) "$s")
	ok "$([ "$a $b" = "beyond below" ]; echo $?)" \
		"'$s': zonectl $bytes bytes, blkzone $value: $a $b"
done <"$same"

while IFS= read -r s; do
	bytes=$("$size_print" "$s")
	a=$(blkzone_says 1 "$s")
	ok "$(case $bytes in error*) [ "$a" = parse ];; *) false;; esac; echo $?)" \
		"'$s': zonectl $bytes, blkzone $a"
done <"$refused"

# Where zonectl chooses otherwise, on purpose (zonectl(8)): a hexadecimal
# number takes no unit, and fractions count exactly.
usage_error "hexadecimal offset '0x10K' takes no unit" "$ZONECTL" report -O 0x10K "$dev"
ok "$([ "$(blkzone_says 16385 0x10K)" = below ]; echo $?)" \
	"blkzone reads 0x10K as 16 KiB"
got=$("$size_print" 0.7K 0.25G 1.999K | tr '\n' ' ')
ok "$([ "$got" = "716 268435456 2046 " ]; echo $?)" \
	"fractions are exact, truncated to a byte: $got"
# A number without a unit counts sectors, as in blkzone; with one, bytes.
got=$("$size_print" 8 8K 0x8 | tr '\n' ' ')
ok "$([ "$got" = "4096 8192 4096 " ]; echo $?)" "sectors without a unit: $got"
usage_error "invalid offset '1.5'" "$ZONECTL" report -O 1.5 "$dev"
done_testing
