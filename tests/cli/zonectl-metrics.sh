# zonectl metrics: the zones of an image with a zone in every condition,
# counted by type and condition with zeros, written bytes, open and active
# zones against the limits, whether the report was cached; promtool (from
# Debian's prometheus) accepts the output; --output replaces its file
# whole, through a temporary file that is gone afterwards.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

script=$top_builddir/tests/guest/progs/zone-script
img=$tap_tmp/disk.img
"$ZONECTL" mkimage -q -z 64K -n 8 --conv 1 --max-open 3 --max-active 5 \
	-b 4096 --last-zone-size 16K "$img" || exit 1
printf '%s\n' "write 0 2" "write 1 16" "write 2 3" "open 3" "write 3 1" \
	"write 4 2" "close 4" "finish 5" "write 7 1" > "$tap_tmp/script"
"$script" "$img" "$tap_tmp/script" > /dev/null 2>&1 || exit 1

# sample NAME [LABELS]: the value of one sample of the output in $out.
sample() {
	awk -v k="$1{device=\"$img\"${2:+,$2}}" '$1 == k { print $2 }' "$out"
}

plan 16
run "$ZONECTL" metrics "$img"
ok "$status" "metrics: $(cat "$err")"
z=sequential_write_required
tap_is "full zones" "$(sample blkzone_zones "type=\"$z\",condition=\"full\"")" 2
tap_is "implicitly open zones" "$(sample blkzone_zones "type=\"$z\",condition=\"implicit_open\"")" 2
tap_is "explicitly open zones" "$(sample blkzone_zones "type=\"$z\",condition=\"explicit_open\"")" 1
tap_is "closed zones" "$(sample blkzone_zones "type=\"$z\",condition=\"closed\"")" 1
tap_is "empty zones" "$(sample blkzone_zones "type=\"$z\",condition=\"empty\"")" 1
tap_is "read-only zones, 0 but present" "$(sample blkzone_zones "type=\"$z\",condition=\"read_only\"")" 0
tap_is "conventional zones" "$(sample blkzone_zones "type=\"conventional\",condition=\"not_write_pointer\"")" 1
tap_is "written bytes: 2 full zones of 64 KiB and 7 blocks" "$(sample blkzone_written_bytes)" $((2 * 65536 + 7 * 4096))
tap_is "open zones" "$(sample blkzone_open_zones)" 3
tap_is "active zones" "$(sample blkzone_active_zones)" 4
tap_is "limits" "$(sample blkzone_max_open_zones) $(sample blkzone_max_active_zones)" "3 5"
tap_is "not cached" "$(sample blkzone_report_cached)" 0
if command -v promtool > /dev/null; then
	tap_run "promtool check metrics" promtool check metrics < "$out"
else
	tap_skip "promtool check metrics" "no promtool (Debian's prometheus)"
fi

prom=$tap_tmp/zones.prom
echo old > "$prom"
run "$ZONECTL" metrics -C --output "$prom" "$img"
ok "$([ "$status" = 0 ] && [ ! -s "$out" ] && grep -qx "blkzone_report_cached{device=\"$img\"} 1" "$prom" &&
	! grep -q blkzone_open_zones "$prom"; echo $?)" \
	"--cached --output: the file replaced, cached, no open count $(cat "$err")"
ok "$(ls "$tap_tmp" | grep -c 'zones\.prom\..*tmp' | grep -qx 0; echo $?)" \
	"no temporary file left"
done_testing
