# mkimage's refusals: one line that echoes the option as typed and names
# the unit of every number, and no file left behind.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

f=$tap_tmp/img
plan 14
usage_error "--block-size '1000' must be 512 or 4096 (bytes)" \
	"$ZONECTL" mkimage -n 4 -b 1000 "$f"
usage_error "--zone-size '3M' must be a power of 2 from 4 KiB to 1 TiB" \
	"$ZONECTL" mkimage -n 4 -z 3M "$f"
usage_error "--zone-capacity '2M' must be a multiple of the block size (512 bytes), at most the zone size ('1M')" \
	"$ZONECTL" mkimage -n 4 -z 1M -c 2M "$f"
usage_error "--zone-capacity '1000KB' must be a multiple of the block size (4096 bytes), at most the zone size (256 MiB)" \
	"$ZONECTL" mkimage -n 4 -b 4096 -c 1000KB "$f"
usage_error "--last-zone-size '2M' must be a multiple of the block size (512 bytes), at most the zone size ('1M')" \
	"$ZONECTL" mkimage -n 4 -z 1M --last-zone-size 2M "$f"
usage_error "--last-zone-capacity '512K' must be a multiple of the block size (512 bytes), at most the last zone's size (256 KiB)" \
	"$ZONECTL" mkimage -n 4 -z 1M --last-zone-size 256K --last-zone-capacity 512K "$f"
usage_error "--size '10M' must be a multiple of the zone size ('4M'), at most 1048576 zones" \
	"$ZONECTL" mkimage -z 4M -s 10M "$f"
usage_error "--nr-zones '0' must be from 1 to 1048576 (zones)" \
	"$ZONECTL" mkimage -n 0 "$f"
usage_error "the number of zones is required: --nr-zones or --size" \
	"$ZONECTL" mkimage -z 1M "$f"
usage_error "--conv '4' leaves no sequential zone (the image has 4 zones)" \
	"$ZONECTL" mkimage -n 4 --conv 4 "$f"
usage_error "--max-active '2' must be at least --max-open '3' (zones)" \
	"$ZONECTL" mkimage -n 8 --max-open 3 --max-active 2 "$f"
usage_error "--size '0' must not be zero" "$ZONECTL" mkimage -s 0 "$f"
usage_error "hexadecimal --zone-size '0x10K' takes no unit" \
	"$ZONECTL" mkimage -n 4 -z 0x10K "$f"
ok "$([ ! -e "$f" ]; echo $?)" "no file was made"
done_testing
