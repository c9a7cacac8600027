# The kernel's NVMe PCI driver (drivers/nvme/host/pci.c, with nvme-core
# making the namespace's disk in nvme_alloc_ns()) on a QEMU "nvme"
# controller with one namespace.  Loading nvme.ko probes the controller;
# the reset work then scans the namespaces and adds nvme0n1
# asynchronously, within the 5 s the tests wait for a disk.
MODULE=nvme
MODULE_PATH=/lib/modules/extra/nvme.ko
PARAMS=""
DISK=nvme0n1
DISK_PREFIX=nvme
CAPACITY_BYTES=67108864
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
# Not "zeroed": the image keeps what earlier tests of the same VM wrote.
# No read-only, removable media or init fault knob in the module.
FEATURES=""
LOAD_CYCLES=20
# QEMU's nvme advertises Dataset Management (discard) and Write Zeroes;
# no secure erase through BLKSECDISCARD; ->getgeo is nvme_getgeo().
PARTITIONS=yes
DISCARD=yes
WRITE_ZEROES=yes
SECURE_ERASE=no
GETGEO=yes
ROTATIONAL=0
# gendisk_hotplug: the host unplugs and plugs back (device_del,
# device_add) the controller over QMP; vm/qmp plugs it back with the
# -device line below (its serial included).  No RESIZE: QEMU's nvme
# sends no namespace-changed event on block_resize, so the guest never
# learns the new size (not a driver's fault).  No SURPRISE_REMOVE (a
# virtio-only mechanism).
HOTPLUG=qmp
QMP_DEVICE=nv0
QMP_NODE=n0
VM_KCONFIG="CONFIG_BLK_DEV_NVME=m"
# Host side: a fresh 64 MiB image per kernel behind a -blockdev node.
VM_DISK_BYTES=67108864
VM_QEMU_ARGS="-blockdev driver=file,node-name=n0,filename={disk} -device nvme,serial=gdc0001,drive=n0,id=nv0"
VM_KERNEL_MODULE=nvme
