# The BLKREPORTZONEV2 user ABI (tests/guest/progs/report-v2-abi.c).
exec report-v2-abi "$DEV"
