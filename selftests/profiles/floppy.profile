# The kernel's floppy (drivers/block/floppy.c) on the PC machine's
# built-in floppy controller (isa-fdc) with a 1.44 MB drive and disk.
# floppy's init makes fd0 for the drive the CMOS lists, with capacity 0:
# the format is autodetected at the first open (floppy_revalidate()), so
# SETUP reads the first sector to probe the medium.
MODULE=floppy
DISK=fd0
DISK_PREFIX=fd
SETUP="dd if=/dev/fd0 of=/dev/null bs=512 count=1"
CAPACITY_BYTES=1474560
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
# GENHD_FL_REMOVABLE always (floppy_alloc_disk()); not "zeroed": the
# image keeps what earlier tests wrote.
FEATURES="removable_media"
LOAD_CYCLES=5
# GENHD_FL_NO_PART: BLKRRPART is refused.  No discard, write-zeroes or
# secure erase; fd_getgeo(); BLK_FEAT_ROTATIONAL.
PARTITIONS=no
DISCARD=no
WRITE_ZEROES=no
SECURE_ERASE=no
GETGEO=yes
ROTATIONAL=1
VM_DISK_BYTES=1474560
VM_QEMU_ARGS="-drive if=floppy,index=0,format=raw,file={disk}"
VM_KERNEL_MODULE=floppy
VM_KCONFIG="CONFIG_BLK_DEV_FD=m"
