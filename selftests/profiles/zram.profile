# The kernel's zram (drivers/block/zram): the load makes zram0 with no
# capacity; SETUP gives it 16 MiB through sysfs (disksize), as zramctl
# does.  zram's logical block size is its page size (4096 on x86-64).
MODULE=zram
MODULE_PATH=/lib/modules/extra/zram.ko
PARAMS="num_devices=1"
SETUP='echo 16M > /sys/block/zram0/disksize'
DISK=zram0
CAPACITY_BYTES=16777216
LOGICAL_BLOCK_SIZE=4096
QUEUE_MODEL=bio
# Unwritten pages read as zeros.  No read-only or removable knob, no
# init fault injection.
FEATURES="zeroed"
LOAD_CYCLES=50
# Host side: zram.ko from the kernel's package; its dependencies
# (zsmalloc on 6.1, lz4 on 6.12) are loaded first by selftests/run.
VM_KERNEL_MODULE=zram
# What the issue-6 tests check, as zram does it: no partitions (minors 1
# and GENHD_FL_NO_PART: BLKRRPART is EINVAL); discard frees the pages,
# which then read as zeros; write-zeroes (REQ_OP_WRITE_ZEROES, handled as
# a discard); no secure erase, no ->getgeo, not rotational.  No resize
# with RESIZE=1: a new disksize needs a reset to 0 first, and 0 to
# non-zero sends no RESIZE uevent (set_capacity_and_notify()).
PARTITIONS=no
DISCARD=zeroes
WRITE_ZEROES=yes
SECURE_ERASE=no
GETGEO=no
ROTATIONAL=0
# The kernel options its tests need (vm/kernel-config-check, make check-config).
VM_KCONFIG="CONFIG_ZRAM=m"
# gendisk_faults' setup_fail_nth: zram's create step as steps of the
# sweeping task: a device made by reading hot_add (zram_add(): zram1
# beside the load's zram0), then SETUP's disksize (disksize_store():
# the zsmalloc pool, the table, the compression streams).  zram_exit()
# removes every device, hot-added ones too: the unload leaves nothing.
FAULTS_SETUP='read /sys/class/zram-control/hot_add; write /sys/block/zram0/disksize 16M'
