# --version prints "zonectl from libblkzone VERSION", for the tool and for
# each command.
. "$top_srcdir/tests/helpers/tap.sh"
tap_capture

want="zonectl from libblkzone $PACKAGE_VERSION"
plan 4
for args in "--version" "-V" "report --version" "info -V"; do
	# shellcheck disable=SC2086
	run "$ZONECTL" $args
	[ "$status" -eq 0 ] && [ "$(cat "$out")" = "$want" ]
	ok $? "$args: $(cat "$out")"
done
done_testing
