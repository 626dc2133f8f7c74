# Puts the build tree's zonectl and test programs first in PATH, running
# the real binaries (not libtool's wrappers, which want to write into the
# build tree) against the build tree's libblkzone.
build=${BLKZONE_BUILD:?BLKZONE_BUILD is not set}
export LD_LIBRARY_PATH=$build/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH=$build/cli/.libs:$build/cli:$build/tests/guest/progs:$PATH
