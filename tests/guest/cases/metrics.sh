# core: yes
# debug-kernel: no
# setups: scsi_debug-hm nvme-zns null_blk
# zonectl metrics on the disk after a few writes: promtool accepts it, the
# zone counts by condition equal those of zonectl report, the written
# bytes those of zonectl summary, and --cached says whether the kernel
# answered from its cache (the patched kernel) or not (stock).
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/../helpers/tap.sh"
. "$here/report.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/metrics.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

zonectl_zones "$DEV" > "$tmp/zones"
seq=($(awk '$5 != 1 { print NR - 1 }' "$tmp/zones"))
printf '%s\n' "write ${seq[0]} 3" "finish ${seq[1]}" > "$tmp/script"
zone-script "$DEV" "$tmp/script" > /dev/null 2>&1

zonectl metrics "$DEV" > "$tmp/m"
tap_run "promtool check metrics" promtool check metrics < "$tmp/m"
# count NAME: the sum of blkzone_zones samples whose condition is NAME.
count() {
	awk -v c="condition=\"$1\"}" '$1 ~ /^blkzone_zones/ && index($1, c) { n += $2 }
		END { print n + 0 }' "$tmp/m"
}
zonectl report -r -n -o COND "$DEV" | sort | uniq -c | awk '{ print $2, $1 }' > "$tmp/want"
for c in em oi fu nw; do
	name=$(case $c in em) echo empty;; oi) echo implicit_open;; fu) echo full;; nw) echo not_write_pointer;; esac)
	tap_is "$name zones" "$(count $name)" "$(awk -v c=$c '$1 == c { print $2 }' "$tmp/want" | grep . || echo 0)"
done
written=$(zonectl summary -b -r -n "$DEV" | awk '$1 == "total" { print $6 }')
tap_is "written bytes as zonectl summary" \
	"$(awk '$1 ~ /^blkzone_written_bytes/ { print $2 }' "$tmp/m")" "$written"
want=1
[ "$BLKZONE_KERNEL" = stock ] && want=0
tap_is "--cached: report_cached $want on the $BLKZONE_KERNEL kernel" \
	"$(zonectl metrics -C "$DEV" | awk '$1 ~ /^blkzone_report_cached/ { print $2 }')" "$want"
tap_done
