# Profile of gdlegacy (reference-driver/legacy-5.10) once `make port`
# has ported it: the conformance selftests run on the port.
MODULE=gdlegacy
MODULE_PATH=/lib/modules/extra/gdlegacy.ko
PARAMS="capacity_mb=16"
CYCLE_PARAMS="capacity_mb=1"
DISK=gdlegacy0
CAPACITY_BYTES=16777216
LOGICAL_BLOCK_SIZE=512
FEATURES="zeroed"
QUEUE_MODEL=bio
# GENHD_FL_NO_PART_SCAN (GENHD_FL_NO_PART once ported): no partitions;
# only reads, writes and flushes, no discard or write-zeroes.
PARTITIONS=no
DISCARD=no
WRITE_ZEROES=no
SECURE_ERASE=no
GETGEO=no
LOAD_CYCLES=10
