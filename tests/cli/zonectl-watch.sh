# zonectl watch on a pipe: one frame per refresh, each with the zones of
# every device counted as zonectl report counts them; a range; a change
# made between refreshes shows in a later frame; every bad command line
# is refused with a message and no frame.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

a=$tap_tmp/a.img
b=$tap_tmp/b.img
"$ZONECTL" mkimage -q -z 64K -n 240 --conv 8 "$a" &&
	"$ZONECTL" finish -O 1M -c 40 "$a" &&
	"$ZONECTL" open -O 4M -c 3 "$a" &&
	"$ZONECTL" mkimage -q -z 1M -n 5000 --max-open 8 --max-active 10 "$b" &&
	"$ZONECTL" open -z 10 -c 2 "$b" || exit 1

# counts IMAGE: "empty N active N ..." from zonectl report --cached, in
# the order watch prints them.
counts() {
	"$ZONECTL" report -C -r -n -o COND "$1" | sort | uniq -c | awk '
		{ n[$2] = $1 }
		END {
			split("em:empty ac:active fu:full nw:conventional", o, " ")
			for (i = 1; i <= 4; i++) {
				split(o[i], kv, ":")
				if (n[kv[1]]) printf "%s%s %d", s, kv[2], n[kv[1]]
				if (n[kv[1]]) s = " "
			}
			print ""
		}'
}
# frame_counts N PATH: the counts line of PATH in frame N of $out, without
# the symbols.
frame_counts() {
	awk -v n="$1" -v p="$2: " '
		/^zonectl watch, every/ { f++ }
		f == n && index($0, p) == 1 { want = 1; next }
		f == n && want && /^ written/ { want = 0 }
		f == n && want && !/^[^ ]/ { line = line $0 }
		END { print line }' "$out" |
		sed -e 's/   [^ ] / /g' -e 's/^ [^ ] //'
}

plan 17
run "$ZONECTL" watch -i 2 -n 0.1 "$a" "$b"
ok "$status" "watch -i 2 of two images: $(cat "$err")"
tap_is "two frames" "$(grep -c '^zonectl watch, every 0.1s ' "$out")" 2
tap_is "first image's counts as zonectl report's" "$(frame_counts 2 "$a")" "$(counts "$a")"
tap_is "second image's counts as zonectl report's" "$(frame_counts 2 "$b")" "$(counts "$b")"
ok "$(grep -q "^$b: 5000 zones from zone 0, .* per cell, cached report$" "$out"; echo $?)" \
	"the title says the zones and that the report was cached"
ok "$(grep -q '^ written 0B of 4.9G (0%), active 2 of 10$' "$out"; echo $?)" \
	"active zones against the limit"
ok "$(awk '/^[^ ]+: / { f = 1; next } /^ / { f = 0 } f && length($0) > 80 { bad = 1 } END { exit bad }' "$out"; echo $?)" \
	"map rows fit 80 columns"

run "$ZONECTL" watch -i 1 -z 3 -c 10 "$b"
tap_is "a range: ten zones from zone 3" "$(sed -n 3,4p "$out")" \
	"$b: 10 zones from zone 3, 1 per cell, cached report
. . . . . . . a a ."

# A change between refreshes: the last of three frames, 3 s apart, sees
# the zones finished after the first (a finish under valgrind, on a loaded
# machine, has taken longer than the 2 s that five frames 0.5 s apart
# left it).
"$ZONECTL" watch -i 3 -n 3 "$a" > "$out" 2> "$err" &
pid=$!
i=0
while ! grep -q '^zonectl watch' "$out" && [ $i -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
"$ZONECTL" finish -z 100 -c 5 "$a"
wait $pid
ok $? "watch -i 3 while zones are finished"
tap_is "the last frame counts the finished zones" \
	"$(frame_counts 3 "$a")" "$(counts "$a")"

for args in "-n 0.01" "-n abc" "-n -1" "-n 1e3" "-i 0"; do
	run "$ZONECTL" watch $args "$a"
	ok "$([ "$status" = 1 ] && [ ! -s "$out" ] && grep -q "invalid .* '${args#-? }'" "$err"; echo $?)" \
		"watch $args refused: $(cat "$err")"
done
run "$ZONECTL" watch
ok "$([ "$status" = 1 ] && grep -q 'no device specified' "$err"; echo $?)" \
	"no device refused: $(cat "$err")"
run "$ZONECTL" watch "$a" "$tap_tmp/none"
ok "$([ "$status" = 1 ] && [ ! -s "$out" ] && grep -q "$tap_tmp/none" "$err"; echo $?)" \
	"a device that does not open: no frame, the device named: $(cat "$err")"
done_testing
