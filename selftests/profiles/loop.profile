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
LOAD_CYCLES=20
VM_KERNEL_MODULE=loop
# Issue-6 claims (gendisk_partition, gendisk_ioctl, gendisk_uevent).
PARTITIONS=yes
DISCARD=zeroes
WRITE_ZEROES=yes
SECURE_ERASE=no
GETGEO=no
ROTATIONAL=0
RESIZE='dd if=/dev/zero of=/tmp/gendisk-loop.img bs=1M count=0 seek=24 2>/dev/null && losetup -c /dev/loop0'
RESIZE_BYTES=25165824
