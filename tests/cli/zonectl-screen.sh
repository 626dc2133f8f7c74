# What a person sees on a terminal: zonectl map in colour, and what reset
# --verbose says (no progress display: one request), captured from a tmux pane of 80x24 and compared with
# tests/golden/screen.txt (escape sequences included).
#   BLKZONE_UPDATE_GOLDEN=1 make check TESTS=tests/cli/zonectl-screen.sh
# rewrites the golden screen.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture
command -v tmux >/dev/null || skip_all "no tmux"

golden=$top_srcdir/tests/golden/screen.txt
img=$tap_tmp/img
sock=$tap_tmp/tmux
"$ZONECTL" mkimage -q -z 64K -n 240 --conv 8 "$img" || exit 1
# Some zones in every condition an image can have.
"$ZONECTL" finish -O 1M -c 40 "$img" &&
	"$ZONECTL" open -O 4M -c 3 "$img" &&
	dd if=/dev/zero of="$tap_tmp/data" bs=1K count=40 status=none || exit 1

cat > "$tap_tmp/show.sh" <<SHOW
cd "$tap_tmp"
"$ZONECTL" map -w 40 img
"$ZONECTL" reset -O 2M -c 100 -v img
SHOW

plan 2
tmux -S "$sock" -f /dev/null new-session -d -x 80 -y 24 \
	"TERM=xterm-256color NO_COLOR= bash '$tap_tmp/show.sh'; sleep 30"
# The screen is ready when reset has said what it did.
for i in $(seq 100); do
	tmux -S "$sock" capture-pane -p | grep -q 'reset zones' && break
	sleep 0.1
done
tmux -S "$sock" capture-pane -p -e | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' \
	> "$tap_tmp/screen"
tmux -S "$sock" kill-server

grep -q $'\e\\[' "$tap_tmp/screen"
ok $? "the map is coloured on a terminal"
[ -n "${BLKZONE_UPDATE_GOLDEN:-}" ] && cp "$tap_tmp/screen" "$golden"
cmp -s "$tap_tmp/screen" "$golden"
ok $? "the screen equals tests/golden/screen.txt"
[ "$tap_failed" -eq 0 ] || diff "$golden" "$tap_tmp/screen" | diag
done_testing
