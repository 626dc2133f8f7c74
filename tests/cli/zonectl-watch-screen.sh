# zonectl watch on a terminal (a tmux pane): the screen equals
# tests/golden/watch-80x24.txt (escape sequences included, the clock
# masked); after a resize to 50x16 it is drawn again for the new size
# (tests/golden/watch-50x16.txt); space refreshes at once; q, ^C and
# SIGTERM end it with status 0, the terminal's modes as they were, the
# cursor shown and lines wrapping again.
#   BLKZONE_UPDATE_GOLDEN=1 make check TESTS=tests/cli/zonectl-watch-screen.sh
# rewrites the golden screens.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture
command -v tmux >/dev/null || skip_all "no tmux"

golden=$top_srcdir/tests/golden
img=$tap_tmp/img
sock=
"$ZONECTL" mkimage -q -z 64K -n 240 --conv 8 "$img" &&
	"$ZONECTL" finish -O 1M -c 40 "$img" &&
	"$ZONECTL" open -O 4M -c 3 "$img" || exit 1

pane() {
	tmux -S "$sock" capture-pane -p "$@"
}

# wait_for REGEX: until the pane shows REGEX, at most 60 s (valgrind).
wait_for() {
	i=0
	while ! pane | grep -q -- "$1"; do
		[ $i -ge 600 ] && return 1
		sleep 0.1
		i=$((i + 1))
	done
}

# wait_file FILE: until FILE exists, at most 60 s.
wait_file() {
	i=0
	while [ ! -s "$1" ]; do
		[ $i -ge 600 ] && return 1
		sleep 0.1
		i=$((i + 1))
	done
}

# start NAME ARGS...: zonectl watch ARGS in a new 80x24 pane, its exit
# status in NAME.rc and the terminal's modes before and after in
# NAME.before and NAME.after.  The image goes by a short relative name,
# so that the titles fit in 50 columns whatever the test folder.  Each
# pane has a server of its own: a new session on the socket of a server
# still shutting down fails with "server exited unexpectedly".
start() {
	name=$tap_tmp/$1
	shift
	[ -n "$sock" ] && tmux -S "$sock" kill-server 2>/dev/null
	sock=$name.tmux
	cat > "$name.sh" <<RUN
stty -g > '$name.before'
echo \$\$ > '$name.pid'
cd '$tap_tmp'
TERM=xterm-256color NO_COLOR= exec "$ZONECTL" watch $* img
RUN
	tmux -S "$sock" -f /dev/null new-session -d -x 80 -y 24 \
		"sh '$name.sh'; echo \$? > '$name.rc'; stty -g > '$name.after'; sleep 60"
}

# golden FILE: the pane, in colour, with the clock masked, against FILE.
golden() {
	pane -e | sed -e 's/[0-9][0-9]:[0-9][0-9]:[0-9][0-9]/HH:MM:SS/' \
		-e :a -e '/^\n*$/{$d;N;ba' -e '}' > "$tap_tmp/screen"
	[ -n "${BLKZONE_UPDATE_GOLDEN:-}" ] && cp "$tap_tmp/screen" "$1"
	tap_same_file "the screen equals ${1#$top_srcdir/}" "$tap_tmp/screen" "$1"
}

# ended NAME HOW: the watch of NAME ended with status 0 and left the
# terminal as it found it.
ended() {
	wait_file "$tap_tmp/$1.after"
	tap_is "$2: status 0" "$(cat "$tap_tmp/$1.rc" 2>/dev/null)" 0
	ok "$(cmp -s "$tap_tmp/$1.before" "$tap_tmp/$1.after"; echo $?)" \
		"$2: the terminal's modes restored"
	tap_is "$2: cursor shown, lines wrap" \
		"$(tmux -S "$sock" display -p '#{cursor_flag} #{wrap_flag}')" "1 1"
}

plan 15
start q -n 0.2
wait_for 'cached report'
ok $? "the first screen"
golden "$golden/watch-80x24.txt"
tap_is "while it runs: cursor hidden, no wrapping" \
	"$(tmux -S "$sock" display -p '#{cursor_flag} #{wrap_flag}')" "0 0"
tmux -S "$sock" resize-window -x 50 -y 16
wait_for '2 per cell'
ok $? "redrawn for 50x16"
golden "$golden/watch-50x16.txt"
tmux -S "$sock" send-keys q
ended q "q"

# A long interval: only space can show the zones finished meanwhile.
start space -n 100
wait_for 'full 40'
"$ZONECTL" finish -z 100 -c 5 "$img"
tmux -S "$sock" send-keys ' '
wait_for 'full 45'
ok $? "space refreshes at once"
tmux -S "$sock" send-keys C-c
ended space "^C"

start term -n 100
wait_for 'cached report'
kill -TERM "$(cat "$tap_tmp/term.pid")"
ended term "SIGTERM"
tmux -S "$sock" kill-server
done_testing
