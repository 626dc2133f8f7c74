# "zonectl report --list-columns" lists every column once, and each listed
# column is accepted by --output.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

plan 3
run "$ZONECTL" report --list-columns
ok "$status" "exit status"
cols=$(awk '{ print $1 }' "$out" | sort | tr '\n' ' ')
want="CAP COND COND-NAME COND-NUM LEN NONSEQ RESET START TYPE TYPE-NAME TYPE-NUM WPOFF WPTR ZONE "
[ "$cols" = "$want" ]
ok $? "columns: $cols"
list=$(awk '{ print $1 }' "$out" | tr '\n' ',' | sed 's/,$//')
run "$ZONECTL" report -o "$list" /nonexistent/disk
grep -q 'No such file' "$err" && ! grep -q column "$err"
ok $? "--output accepts them all"
done_testing
