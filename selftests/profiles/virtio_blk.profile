# The kernel's virtio_blk (drivers/block/virtio_blk.c) on a QEMU
# virtio-blk-pci disk, as gdvirtio.profile does for the reference virtio
# driver.
MODULE=virtio_blk
MODULE_PATH=/lib/modules/extra/virtio_blk.ko
PARAMS=""
DISK=vda
DISK_PREFIX=vd
CAPACITY_BYTES=67108864
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
# Not "zeroed": the image keeps what earlier tests of the same VM wrote.
# Read-only is a device feature (VIRTIO_BLK_F_RO), not a module knob; no
# removable media, no init fault injection.
FEATURES=""
LOAD_CYCLES=50
# gendisk_hotplug: the host resizes (block_resize), unplugs and plugs back
# (device_del, device_add) the disk over QMP: selftests/run gives the
# guest the channel (vm/run --guest-qmp).
HOTPLUG=qmp
RESIZE=qmp
QMP_DEVICE=vd0
QMP_NODE=d0
# No SURPRISE_REMOVE: 6.1's and 6.12's virtblk_remove() hang in
# del_gendisk() (blk_mq_freeze_queue_wait) when the device vanished with
# requests in flight - a finding (selftests/README.md), but a hang cannot
# be an expected failure: it takes the VM down.
# Host side: a fresh 64 MiB image per kernel; virtio_pci (a module in
# 6.1, built into 6.12) binds the PCI device; virtio_blk.ko comes from the
# kernel's package, its dependencies (virtio, virtio_ring on 6.1) are
# loaded first by selftests/run.
VM_DISK_BYTES=67108864
# A -blockdev node (not -drive: device_del would delete a -drive with
# its device), so the hotplug tests can plug the same disk back.
VM_QEMU_ARGS="-blockdev driver=file,node-name=d0,filename={disk} -device virtio-blk-pci,drive=d0,id=vd0"
VM_KMODS="virtio_pci"
VM_KERNEL_MODULE=virtio_blk
# What the issue-6 tests check, as virtio_blk does it with QEMU's
# virtio-blk-pci (which offers VIRTIO_BLK_F_DISCARD and WRITE_ZEROES):
# partitions (16 minors per disk); discard and write-zeroes (discarded
# data is whatever the image then holds: not claimed to read as zeros);
# no secure erase (QEMU does not offer it); ->getgeo from the config space
# (or a made-up geometry); rotational (1 on 6.1 and 6.12, seen in the
# VM: virtio_blk does not know what is behind the device).
PARTITIONS=yes
DISCARD=yes
WRITE_ZEROES=yes
SECURE_ERASE=no
GETGEO=yes
ROTATIONAL=1
# The kernel options its tests need (vm/kernel-config-check, make check-config).
VM_KCONFIG="CONFIG_VIRTIO_BLK=m"
# gendisk_faults: load the module with virtio's automatic probing off,
# then bind the disk's device in the same task, as a hot-added device is
# probed.  Probed inside the load instead, a failed call late in
# driver_register() oopses the kernel (vm/known-kernel-reports).
FAULTS_BIND="virtio virtio_blk"
