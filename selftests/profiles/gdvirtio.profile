# Profile of the reference blk-mq virtio driver (reference-driver/virtio,
# gdvirtio.ko) on a QEMU virtio-blk-pci disk.  Shell-style KEY=value; see
# README.md for every key.
MODULE=gdvirtio
MODULE_PATH=/lib/modules/extra/gdvirtio.ko
# No parameters: everything comes from the device's config space.
PARAMS=""
DISK=gdvirtio0
CAPACITY_BYTES=67108864
LOGICAL_BLOCK_SIZE=512
# Not "zeroed": the driver stores nothing, the image does, and it keeps
# what earlier tests of the same VM wrote.  No read-only or removable knob
# (read-only is a device feature, VIRTIO_BLK_F_RO), no fault injection.
FEATURES=""
# blk-mq: a tag set and ->queue_rq.
QUEUE_MODEL=mq
LOAD_CYCLES=50
# gendisk_hotplug: the host resizes (block_resize), unplugs and plugs back
# (device_del, device_add) the disk over QMP: selftests/run gives the
# guest the channel (vm/run --guest-qmp).
HOTPLUG=qmp
RESIZE=qmp
QMP_DEVICE=vd0
QMP_NODE=d0
# surprise removal: gdc_virtio_break (selftests/modules) breaks the device
# under I/O, then the driver is unbound (see README.md).
SURPRISE_REMOVE=virtio_break
# Host side (selftests/run): a fresh 64 MiB image per kernel as a
# virtio-blk-pci disk; virtio_pci is a module in 6.1, built into 6.12.
# virtio_blk is never loaded, so gdvirtio binds the disk.
VM_DISK_BYTES=67108864
# A -blockdev node (not -drive: device_del would delete a -drive with
# its device), so the hotplug tests can plug the same disk back.
VM_QEMU_ARGS="-blockdev driver=file,node-name=d0,filename={disk} -device virtio-blk-pci,drive=d0,id=vd0"
VM_KMODS="virtio_pci"
# What the issue-6 tests check, as gdvirtio does it: partitions;
# discard and write-zeroes, passed to the device because QEMU's
# virtio-blk-pci offers VIRTIO_BLK_F_DISCARD and VIRTIO_BLK_F_WRITE_ZEROES
# (discarded data is whatever the image then holds: not claimed to read
# as zeros, as in virtio_blk.profile); no secure erase (QEMU does not
# offer it, gdvirtio does not negotiate it), no ->getgeo; rotational (1
# on 6.1 and 6.12, seen in the VM: a virtio disk may be anything).
PARTITIONS=yes
DISCARD=yes
WRITE_ZEROES=yes
SECURE_ERASE=no
GETGEO=no
ROTATIONAL=1
# gendisk_faults: load the module with virtio's automatic probing off,
# then bind the disk's device in the same task, as a hot-added device is
# probed.  Probed inside the load instead, a failed call late in
# driver_register() oopses the kernel (vm/known-kernel-reports).
FAULTS_BIND="virtio gdvirtio"
