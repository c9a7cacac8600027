# The kernel's null_blk (drivers/block/null_blk) in blk-mq mode
# (queue_mode=2), with a 16 MiB memory-backed disk made through its
# configfs control: the module's own "gb" parameter cannot go below 1 GiB,
# and without memory_backed=1 null_blk stores nothing (reads return
# whatever the buffer held), so no data test could pass.  nr_devices=0:
# the load makes no disk; SETUP makes nullb0, TEARDOWN removes it.
# A configfs device pins the module (configfs holds a reference on the
# item's owner), so "unload while open" still sees EWOULDBLOCK.
MODULE=null_blk
MODULE_PATH=/lib/modules/extra/null_blk.ko
PARAMS="nr_devices=0"
SETUP='d=/sys/kernel/config/nullb/nullb0 && mkdir $d && echo 16 > $d/size && echo 512 > $d/blocksize && echo 1 > $d/memory_backed && echo 1 > $d/discard && echo 2 > $d/queue_mode && echo 1 > $d/power'
TEARDOWN='d=/sys/kernel/config/nullb/nullb0; [ ! -d $d ] || { echo 0 > $d/power; rmdir $d; }'
DISK=nullb0
CAPACITY_BYTES=16777216
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
# memory_backed: unwritten sectors read as zeros (a fresh page).  No
# read-only, removable or fault-injection knob of the kind the suite
# drives (null_blk's fault injection is for I/O, not for init).
FEATURES="zeroed"
LOAD_CYCLES=50
# Host side: the module from the kernel's own package (configfs, its
# dependency, is loaded first by selftests/run).
VM_KERNEL_MODULE=null_blk
# What the issue-6 tests check, as null_blk does it with SETUP's
# configfs device.  Partitions: null_blk sets minors = 1 but not
# GENHD_FL_NO_PART, so partitions appear with extended dev_ts (major
# 259).  Discard: SETUP sets "discard" (memory-backed only): a discarded
# range's pages are freed and read back as zeros.  No write-zeroes (the
# block layer writes zero pages), no secure erase, no ->getgeo, not
# rotational.
PARTITIONS=yes
DISCARD=zeroes
WRITE_ZEROES=no
SECURE_ERASE=no
GETGEO=no
ROTATIONAL=0
# SETUP/TEARDOWN are the driver's own create/remove control (configfs
# power and rmdir): cheap create/remove cycles with the module loaded.
CONTROL_CYCLES=50
# The kernel options its tests need (vm/kernel-config-check, make check-config).
VM_KCONFIG="CONFIG_BLK_DEV_NULL_BLK=m"
# gendisk_faults (make test-faults-kernel): the disk made by the load
# itself, through the same null_add_dev() that configfs' power reaches.
FAULTS_PARAMS="nr_devices=1 queue_mode=2 gb=1 bs=512"
# setup_fail_nth: SETUP's configfs device as steps that the sweeping
# task makes itself (no shell), each of their calls failed in turn:
# nullb_group_make_group(), the attribute stores, and power's
# null_add_dev() with the module loaded (nr_devices=0, PARAMS).
FAULTS_SETUP='mkdir /sys/kernel/config/nullb/nullb0; write /sys/kernel/config/nullb/nullb0/size 16; write /sys/kernel/config/nullb/nullb0/blocksize 512; write /sys/kernel/config/nullb/nullb0/memory_backed 1; write /sys/kernel/config/nullb/nullb0/discard 1; write /sys/kernel/config/nullb/nullb0/queue_mode 2; write /sys/kernel/config/nullb/nullb0/power 1'
