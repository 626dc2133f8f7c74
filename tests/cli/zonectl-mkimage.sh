# mkimage says what it made in one line (nothing with --quiet), takes its
# model names in any case, and refuses zone limits above the number of
# sequential zones.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

plan 13
img=$tap_tmp/disk.img
run "$ZONECTL" mkimage -z 64M -n 256 --conv 4 --max-open 8 "$img"
ok "$status" "mkimage succeeds"
ok "$([ "$(cat "$out")" = "$img: host-managed zone image of 16 GiB, 256 zones of 64 MiB (4 conventional), at most 8 open zones" ] &&
	[ ! -s "$err" ]; echo $?)" "one line: $(cat "$out")"

q=$tap_tmp/q.img
run "$ZONECTL" mkimage --quiet -n 2 -z 1M "$q"
ok "$([ "$status" = 0 ] && [ ! -s "$out" ] && [ ! -s "$err" ] && [ -f "$q" ]; echo $?)" \
	"--quiet: the image, no output"

ha=$tap_tmp/ha.img
run "$ZONECTL" mkimage -n 1 -z 1M -c 512K -b 4096 --max-active 1 -m HOST-AWARE "$ha"
ok "$([ "$(cat "$out")" = "$ha: host-aware zone image of 1 MiB, 1 zone of 1 MiB, zone capacity 512 KiB, 4096-byte blocks, at most 1 active zone" ]; echo $?)" \
	"-m HOST-AWARE: $(cat "$out") $(cat "$err")"
model=$("$ZONECTL" info --json "$ha" | sed -n 's/.*"model": "\(.*\)",/\1/p')
ok "$([ "$model" = host-aware ]; echo $?)" "the image is host-aware: $model"
run "$ZONECTL" mkimage -q -n 1 -z 1M -m Hm "$tap_tmp/hm.img"
ok "$status" "-m Hm: $(cat "$err")"

last=$tap_tmp/last.img
run "$ZONECTL" mkimage -n 4 -z 1M --last-zone-size 256K --last-zone-capacity 128K "$last"
ok "$([ "$(cat "$out")" = "$last: host-managed zone image of 3.3 MiB, 4 zones of 1 MiB, last zone 256 KiB, last zone capacity 128 KiB" ]; echo $?)" \
	"a smaller last zone: $(cat "$out") $(cat "$err")"
ok "$([ "$("$ZONECTL" report -r -n -o LEN,CAP -z 3 "$last")" = "512 256" ]; echo $?)" \
	"its report: $("$ZONECTL" report -r -n -o LEN,CAP -z 3 "$last" 2>&1)"

f=$tap_tmp/limits.img
usage_error "--max-open '5' is more than the sequential zones of the image (4 zones)" \
	"$ZONECTL" mkimage -n 4 -z 1M --max-open 5 "$f"
usage_error "--max-active '4' is more than the sequential zones of the image (3 zones)" \
	"$ZONECTL" mkimage -n 4 -z 1M --conv 1 --max-active 4 "$f"
usage_error "unknown zone model 'host'" "$ZONECTL" mkimage -n 4 -m host "$f"
ok "$([ ! -e "$f" ]; echo $?)" "no image made"
run "$ZONECTL" mkimage -q -n 4 -z 1M --max-open 4 --max-active 4 "$f"
ok "$status" "limits of every sequential zone are fine"
done_testing
