# reset, open, close and finish send the same requests whether or not
# their output is a terminal: an open that the open zone limit refuses
# changes nothing either way, and says why; on success they print nothing
# (no progress display) unless asked with --verbose.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture
command -v script >/dev/null || skip_all "no script(1)"

img=$tap_tmp/lim.img
"$ZONECTL" mkimage -z 64K -n 1000 --max-open 300 "$img" >/dev/null || exit 1
state() {
	"$ZONECTL" report -r -n -o START,COND,WPTR "$img" | md5sum
}
before=$(state)
# on_tty CMD...: runs CMD with stdout and stderr on a terminal.
on_tty() {
	script -qec "$*" /dev/null >"$out" 2>"$err"
	status=$?
}
msg="open of zones 0-599 failed: the open zone limit (300 zones) is reached"

plan 10
on_tty "$ZONECTL" open -z 0 -c 600 "$img"
ok "$([ "$status" = 1 ]; echo $?)" "on a terminal: exit status $status"
ok "$(grep -qF "$msg" "$out"; echo $?)" "on a terminal: $(tr -d '\r' <"$out")"
ok "$([ "$(state)" = "$before" ]; echo $?)" "on a terminal: no zone opened"

run "$ZONECTL" open -z 0 -c 600 "$img"
ok "$([ "$status" = 1 ] && [ "$(lines "$err")" = 1 ]; echo $?)" \
	"stderr not a terminal: exit status $status, one line"
ok "$(grep -qF "$msg" "$err"; echo $?)" "stderr not a terminal: $(cat "$err")"
ok "$([ "$(state)" = "$before" ]; echo $?)" "stderr not a terminal: no zone opened"

# A long range on a terminal: no progress output at all.
big=$tap_tmp/big.img
"$ZONECTL" mkimage -z 4K -n 65536 "$big" >/dev/null || exit 1
on_tty "$ZONECTL" finish --all "$big"
ok "$([ "$status" = 0 ] && [ ! -s "$out" ]; echo $?)" \
	"finish --all of 65536 zones on a terminal prints nothing: $(tr '\r' '\n' <"$out" | wc -l) lines"
on_tty "$ZONECTL" reset -c 65536 -v "$big"
ok "$(tr -d '\r' <"$out" | grep -qx "$big: reset zones 0-65535 (sectors 0-524287)"; echo $?)" \
	"--verbose: one line for one request: $(tr -d '\r' <"$out" | head -3)"
"$ZONECTL" open -O 0 -c 300 "$img" >/dev/null
ok $? "300 zones open"
run "$ZONECTL" open -z 300 -c 1 "$img"
ok "$(grep -qF "open of zone 300 failed" "$err"; echo $?)" "one zone: $(cat "$err")"
done_testing
