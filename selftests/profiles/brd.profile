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
LOAD_CYCLES=20
QUEUE_MODEL=bio
# Issue-6 claims (gendisk_partition, gendisk_ioctl, gendisk_uevent).
PARTITIONS=yes
DISCARD=zeroes
WRITE_ZEROES=no
SECURE_ERASE=no
GETGEO=no
ROTATIONAL=0
