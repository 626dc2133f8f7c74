# The bash completion offers zonectl's commands, each command's options as
# its --help lists them, column names after -o, and condition names.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture
command -v bash >/dev/null || skip_all "no bash"

# complete WORDS...: what the completion offers for the last word.
complete_words() {
	bash -c '
		. "$0"
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		_zonectl
		printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "
	' "$top_srcdir/bash-completion/zonectl" "$@"
}

plan 6
got=$(complete_words "$ZONECTL" re)
ok "$([ "$got" = "report reset restore " ]; echo $?)" "commands: 're' -> $got"
got=$(complete_words "$ZONECTL" report --c)
ok "$([ "$got" = "--cached --cond --count " ]; echo $?)" "report options: '--c' -> $got"
got=$(complete_words "$ZONECTL" reset --a)
ok "$([ "$got" = "--all " ]; echo $?)" "reset options: '--a' -> $got"
got=$(complete_words "$ZONECTL" report -o WP)
ok "$([ "$got" = "WPOFF WPTR " ]; echo $?)" "columns: 'WP' -> $got"
got=$(complete_words "$ZONECTL" summary --cond o)
ok "$([ "$got" = "oe oi ol " ]; echo $?)" "conditions: 'o' -> $got"
got=$(complete_words "$ZONECTL" mkimage --model host-m)
ok "$([ "$got" = "host-managed " ]; echo $?)" "models: 'host-m' -> $got"
done_testing
