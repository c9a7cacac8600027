# sd (drivers/scsi/sd.c) behind the kernel's vmw_pvscsi
# (drivers/scsi/vmw_pvscsi.c), the VMware paravirtual SCSI HBA that QEMU
# emulates as "pvscsi", with one scsi-hd disk: the "sd behind an emulated
# HBA" case beside virtio_scsi's virtio one.  The module under test is
# vmw_pvscsi: its load probes the PCI function (rings, MSI-X, the SCSI
# host) and scans the bus, and sd_mod (loaded before the tests) makes the
# disk; its unload removes the host, which removes the disk through
# sd_remove().  Nothing else binds the PCI function first (no virtio
# here), so the load itself runs the probe.
MODULE=vmw_pvscsi
DISK=sda
DISK_PREFIX=sd
CAPACITY_BYTES=67108864
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
LOAD_CYCLES=20
# Not "zeroed": the image keeps what earlier tests of the same VM wrote.
# The disk is QEMU's scsi-hd, as behind virtio-scsi: sd's 16 minors,
# UNMAP and WRITE SAME (discard and write-zeroes; discarded data is not
# claimed to read as zeros), no secure erase, sd_getgeo(), and no
# rotation rate reported (sd keeps the disk rotational).
PARTITIONS=yes
GETGEO=yes
SECURE_ERASE=no
ROTATIONAL=1
DISCARD=yes
WRITE_ZEROES=yes
VM_DISK_BYTES=67108864
VM_QEMU_ARGS="-blockdev driver=file,node-name=d0,filename={disk} -device pvscsi,id=scsi0 -device scsi-hd,drive=d0,id=sd0,bus=scsi0.0"
VM_KMODS="sd_mod"
VM_KERNEL_MODULE=vmw_pvscsi
VM_KCONFIG="CONFIG_VMWARE_PVSCSI=m CONFIG_BLK_DEV_SD=m"
