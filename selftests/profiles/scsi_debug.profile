# The kernel's scsi_debug (drivers/scsi/scsi_debug.c): a RAM-backed SCSI
# host with one LUN, seen through sd (sd_mod, loaded before the tests) as
# a SCSI disk.  No QEMU device: the host, target and LUN are made by the
# module's load (the disk comes from sd's asynchronous probe) and removed
# by its unload, so scsi_debug is the module under test.
MODULE=scsi_debug
PARAMS="dev_size_mb=16"
DISK=sda
DISK_PREFIX=sd
CAPACITY_BYTES=16777216
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
# Its store is vzalloc()ed: a fresh disk reads zeros.  "wp=1" is the
# write-protect bit of its MODE SENSE (sd sets the disk read-only),
# "removable=1" the RMB bit of its INQUIRY.
FEATURES="zeroed readonly removable"
RO_PARAMS="wp=1"
REMOVABLE_PARAMS="removable=1"
LOAD_CYCLES=20
# sd's 16 minors; no logical block provisioning unless lbpu/lbpws are
# given (DISCARD=no); WRITE SAME, which sd turns into write-zeroes; no
# secure erase; sd_getgeo(); its VPD page B1 says "non-rotating medium".
PARTITIONS=yes
DISCARD=no
WRITE_ZEROES=yes
SECURE_ERASE=no
GETGEO=yes
ROTATIONAL=0
VM_KMODS="sd_mod"
VM_KERNEL_MODULE=scsi_debug
VM_KCONFIG="CONFIG_SCSI_DEBUG=m CONFIG_BLK_DEV_SD=m"
