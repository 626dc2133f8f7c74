# Command lines zonectl cannot use: exit status 1, nothing on stdout and one
# line on stderr that names the problem.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

plan 25
usage_error "no command specified" "$ZONECTL"
usage_error "'frob'" "$ZONECTL" frob
usage_error "'--frob'" "$ZONECTL" --frob
usage_error "no device specified" "$ZONECTL" report
usage_error "no device specified" "$ZONECTL" info
usage_error "'--frob'" "$ZONECTL" report --frob /dev/null
usage_error "'-x'" "$ZONECTL" report -x /dev/null
usage_error "'-O' requires an argument" "$ZONECTL" report -O
usage_error "'--offset' requires an argument" "$ZONECTL" report --offset
usage_error "'--json' takes no argument" "$ZONECTL" info --json=yes /dev/null
usage_error "'NOPE'" "$ZONECTL" report -o START,NOPE /dev/null
usage_error "zone condition 'zz'" "$ZONECTL" report --cond em,zz /dev/null
usage_error "zone type 'seq'" "$ZONECTL" report --type seq /dev/null
usage_error "'1.5'" "$ZONECTL" report -O 1.5 /dev/null
usage_error "count '0'" "$ZONECTL" report -c 0 /dev/null
usage_error "mutually exclusive" "$ZONECTL" report --json --raw /dev/null
usage_error "unexpected argument 'b'" "$ZONECTL" report a b
usage_error "unexpected argument 'b'" "$ZONECTL" info a b
usage_error "no device specified" "$ZONECTL" capacity
usage_error "no device specified" "$ZONECTL" summary
usage_error "no device specified" "$ZONECTL" map
usage_error "count '0'" "$ZONECTL" capacity -c 0 /dev/null
usage_error "'--frob'" "$ZONECTL" summary --frob /dev/null
usage_error "width '0'" "$ZONECTL" map -w 0 /dev/null
usage_error "'--cond'" "$ZONECTL" map --cond em /dev/null
done_testing
