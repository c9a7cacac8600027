# sd (drivers/scsi/sd.c) behind the kernel's virtio_scsi
# (drivers/scsi/virtio_scsi.c) on a QEMU virtio-scsi-pci HBA with one
# scsi-hd disk.  The module under test is virtio_scsi: its load (the PCI
# device is already bound by virtio_pci) adds the SCSI host and scans it,
# and sd_mod (loaded before the tests) makes the disk; its unload removes
# the host, which removes the disk through sd_remove().  That is the HBA
# driver's whole lifecycle, as for virtio_blk, with sd's add_disk() and
# del_gendisk() inside it.  (Unloading sd_mod would remove the disk too,
# but sd_mod is shared with the other SCSI profiles and its load only
# re-binds scsi_devices that stay; an open disk pins both modules.)
MODULE=virtio_scsi
DISK=sda
DISK_PREFIX=sd
CAPACITY_BYTES=67108864
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
LOAD_CYCLES=20
# Not "zeroed": the image keeps what earlier tests of the same VM wrote.
# sd's 16 minors; QEMU's scsi-hd offers UNMAP and WRITE SAME (discard and
# write-zeroes; discarded data is not claimed to read as zeros); no
# secure erase; sd_getgeo(); rotational: scsi-hd reports no rotation
# rate by default (sd keeps the disk rotational).
PARTITIONS=yes
GETGEO=yes
SECURE_ERASE=no
ROTATIONAL=1
DISCARD=yes
WRITE_ZEROES=yes
VM_DISK_BYTES=67108864
VM_QEMU_ARGS="-blockdev driver=file,node-name=d0,filename={disk} -device virtio-scsi-pci,id=scsi0 -device scsi-hd,drive=d0,id=sd0,bus=scsi0.0"
VM_KMODS="virtio_pci sd_mod"
VM_KERNEL_MODULE=virtio_scsi
VM_KCONFIG="CONFIG_SCSI_VIRTIO=m CONFIG_BLK_DEV_SD=m"
