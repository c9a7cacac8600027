# The kernel's loop driver (drivers/block/loop.c) on a 16 MiB sparse file
# in the guest's /tmp, bound with busybox losetup.  max_loop=1: the load
# makes only loop0 (with no capacity until bound).  A bound loop device
# holds a reference on its module (__module_get() in loop_configure()),
# so TEARDOWN detaches it before each unload, and "unload while open"
# sees EWOULDBLOCK either way.  A fresh file per load: unwritten sectors
# read as zeros.
MODULE=loop
MODULE_PATH=/lib/modules/extra/loop.ko
PARAMS="max_loop=1"
SETUP='f=/tmp/gendisk-loop.img && rm -f $f && dd if=/dev/zero of=$f bs=1M count=0 seek=16 2>/dev/null && losetup -P /dev/loop0 $f'
TEARDOWN='losetup -d /dev/loop0 2>/dev/null; rm -f /tmp/gendisk-loop.img'
DISK=loop0
CAPACITY_BYTES=16777216
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
FEATURES="zeroed"
LOAD_CYCLES=50
VM_KERNEL_MODULE=loop
# What the issue-6 tests check, as loop does it: partitions because
# SETUP binds with "losetup -P" (LO_FLAGS_PARTSCAN; without it BLKRRPART
# is EINVAL); minors = 1 (max_part=0), so they get extended dev_ts.
# Discard and write-zeroes become fallocate() punch-hole/zero-range on the
# backing file (tmpfs), discarded ranges read as zeros; no secure erase,
# no ->getgeo; not rotational (the backing file is on tmpfs).
PARTITIONS=yes
DISCARD=zeroes
WRITE_ZEROES=yes
SECURE_ERASE=no
GETGEO=no
ROTATIONAL=0
# Resize: grow the backing file to 24 MiB, then LOOP_SET_CAPACITY
# (busybox losetup -c): loop_set_size() -> set_capacity_and_notify(),
# which sends the change uevent with RESIZE=1.
RESIZE_CMD='dd if=/dev/zero of=/tmp/gendisk-loop.img bs=1M count=0 seek=24 2>/dev/null && losetup -c /dev/loop0'
RESIZE_BYTES=25165824
# gendisk_faults: SETUP's and RESIZE_CMD's losetup run as the sweeping
# task itself (exec keeps fail-nth; busybox's applet is /sbin/losetup):
# every call of its LOOP_CONFIGURE (or LOOP_SET_FD) and
# LOOP_SET_CAPACITY failed in turn, after the file is made unarmed.
FAULTS_SETUP_PREPARE='f=/tmp/gendisk-loop.img && rm -f $f && dd if=/dev/zero of=$f bs=1M count=0 seek=16 2>/dev/null'
FAULTS_SETUP='exec /sbin/losetup -P /dev/loop0 /tmp/gendisk-loop.img'
FAULTS_RESIZE_PREPARE='dd if=/dev/zero of=/tmp/gendisk-loop.img bs=1M count=0 seek=24 2>/dev/null'
FAULTS_RESIZE='exec /sbin/losetup -c /dev/loop0'
# The kernel options its tests need (vm/kernel-config-check, make check-config).
VM_KCONFIG="CONFIG_BLK_DEV_LOOP=m"
