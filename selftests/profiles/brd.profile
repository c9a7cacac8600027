# The kernel's own RAM disk (drivers/block/brd.c), to show the suite is
# not tied to the reference driver.  brd has no read-only, removable or
# fault-injection knobs: those tests SKIP.  Its module ships with the
# kernel (brd.ko.xz in 6.12): pass a decompressed copy with --module.
MODULE=brd
MODULE_PATH=/lib/modules/extra/brd.ko
PARAMS="rd_nr=1 rd_size=16384"
DISK=ram0
CAPACITY_BYTES=16777216
LOGICAL_BLOCK_SIZE=512
FEATURES="zeroed"
LOAD_CYCLES=50
QUEUE_MODEL=bio
# What the issue-6 tests check, as brd does it.  Partitions: brd's
# default max_part=1 makes minors = 1, which in 2.6 meant "cannot be
# partitioned"; 6.1 and 6.12 scan partitions anyway (only GENHD_FL_NO_PART
# stops it) and give them extended dev_ts (major 259).  Discard: 6.12's
# brd frees the pages of a discarded range (brd_do_discard(), reads back
# zeros); 6.1's has no discard at all (expected failures below).  No
# write-zeroes (the block layer writes zero pages), no secure erase, no
# ->getgeo, not rotational.
PARTITIONS=yes
DISCARD=zeroes
WRITE_ZEROES=no
SECURE_ERASE=no
GETGEO=no
ROTATIONAL=0
# Expected failures: discard came to brd after 6.1 (6.12's brd_do_discard);
# 6.1's brd advertises no discard (discard_max_bytes 0, BLKDISCARD is
# EOPNOTSUPP), so the discard the profile claims for 6.12 is missing.
VM_XFAIL="6.1 gendisk_ioctl.discard_* brd on 6.1 has no discard (added later: 6.12's brd_do_discard)"
# The kernel options its tests need (vm/kernel-config-check, make check-config).
VM_KCONFIG="CONFIG_BLK_DEV_RAM=m"
