# core: yes
# The BLKREPORTZONEV2 user ABI (tests/guest/progs/report-v2-abi.c).  On the
# stock kernel it is an unknown ioctl: EINVAL from sd (scsi_ioctl), ENOTTY
# from null_blk (no ioctl method) and nvme (nvme_ioctl's default).
if [ "$BLKZONE_KERNEL" = stock ]; then
	case "$DEV" in
	/dev/nullb*|/dev/nvme*) exec report-v2-abi "$DEV" ENOTTY ;;
	*) exec report-v2-abi "$DEV" EINVAL ;;
	esac
fi
exec report-v2-abi "$DEV"
