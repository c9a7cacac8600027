# Profile of the reference RAM driver (reference-driver/ram, gdram.ko).
# Shell-style KEY=value; see README.md for every key.
MODULE=gdram
MODULE_PATH=/lib/modules/extra/gdram.ko
PARAMS="capacity_mb=16"
# The load/unload cycles and fault tests need no big disk: 1 MiB loads faster.
CYCLE_PARAMS="capacity_mb=1"
# gendisk_faults: two disks, so that a failed call can hit the second
# disk's bring-up after the first went live.
FAULTS_PARAMS="capacity_mb=1 nr_disks=2"
DISK=gdram0
CAPACITY_BYTES=16777216
LOGICAL_BLOCK_SIZE=512
FEATURES="zeroed readonly removable faultinject"
# Bio-based: gdram_submit_bio(), no tag set.
QUEUE_MODEL=bio
RO_PARAMS="read_only=1"
REMOVABLE_PARAMS="removable=1"
FAULT_PARAM=fail_at
# POINT[:OUTCOME]: "fail" (default) = the load fails with an errno;
# "nodisk" = the load succeeds without disks (faults after a disk went live).
FAULT_POINTS="dev_alloc disk_alloc add_disk post_add:nodisk"
# The fault on the last of three disks: the first two must be unwound.
FAULT_LATE_PARAMS="nr_disks=3 fail_disk=2"
FAULT_LATE_POINTS="dev_alloc disk_alloc add_disk:nodisk post_add:nodisk"
LOAD_CYCLES=50
# What the issue-6 tests check (gendisk_partition, gendisk_ioctl,
# gendisk_uevent, gendisk_presence), as gdram does it on 6.1 and 6.12:
# partitions (dynamic dev_t, no GENHD_FL_NO_PART); REQ_OP_DISCARD and
# REQ_OP_WRITE_ZEROES both memset the range (discarded data reads back as
# zeros); no secure erase, no ->getgeo; not rotational (gdram_compat.h).
PARTITIONS=yes
DISCARD=zeroes
WRITE_ZEROES=yes
SECURE_ERASE=no
GETGEO=no
ROTATIONAL=0
# Media change (removable=1): /sys/block/gdram0/media; resize: shrink
# the medium to 8 MiB through /sys/block/gdram0/capacity.
EJECT='echo 0 > /sys/block/gdram0/media'
INSERT='echo 1 > /sys/block/gdram0/media'
RESIZE_CMD='echo 16384 > /sys/block/gdram0/capacity'
RESIZE_BYTES=8388608
# gendisk_faults' resize_fail_nth: RESIZE_CMD as a write of the sweeping
# task itself, each of its calls failed in turn (capacity_store()).
FAULTS_RESIZE='write /sys/block/gdram0/capacity 16384'
