# The reference RAM driver with 4096-byte logical blocks.
MODULE=gdram
MODULE_PATH=/lib/modules/extra/gdram.ko
PARAMS="capacity_mb=16 lbs=4096"
CYCLE_PARAMS="capacity_mb=1 lbs=4096"
DISK=gdram0
CAPACITY_BYTES=16777216
LOGICAL_BLOCK_SIZE=4096
FEATURES="zeroed readonly removable faultinject"
# Bio-based: gdram_submit_bio(), no tag set.
QUEUE_MODEL=bio
RO_PARAMS="read_only=1"
REMOVABLE_PARAMS="removable=1"
FAULT_PARAM=fail_at
# POINT[:OUTCOME]: "fail" (default) = the load fails with an errno;
# "nodisk" = the load succeeds without disks (faults after a disk went live).
FAULT_POINTS="dev_alloc disk_alloc add_disk post_add:nodisk"
FAULT_LATE_PARAMS="nr_disks=3 fail_disk=2"
FAULT_LATE_POINTS="dev_alloc disk_alloc add_disk:nodisk post_add:nodisk"
LOAD_CYCLES=5
