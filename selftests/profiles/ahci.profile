# sd (drivers/scsi/sd.c) behind the kernel's ahci (drivers/ata/ahci.c,
# libata's SCSI translation) on a QEMU ich9-ahci controller with one
# ide-hd disk.  The module under test is ahci: its load binds the PCI
# controller, libata probes the port (asynchronously) and sd_mod (loaded
# before the tests) makes the disk; its unload detaches the ports, which
# removes the disk through sd_remove().
MODULE=ahci
DISK=sda
DISK_PREFIX=sd
CAPACITY_BYTES=67108864
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
LOAD_CYCLES=20
# sd's 16 minors; QEMU's ide-hd offers TRIM (IDENTIFY word 169), which
# libata presents as logical block provisioning (sd discards with WRITE
# SAME(16) UNMAP; not claimed to read back zeros); libata sets
# no_write_same, so no write-zeroes; no secure erase; sd_getgeo();
# rotational: ide-hd reports no rotation rate by default.
PARTITIONS=yes
GETGEO=yes
SECURE_ERASE=no
ROTATIONAL=1
DISCARD=yes
WRITE_ZEROES=no
VM_DISK_BYTES=67108864
VM_QEMU_ARGS="-blockdev driver=file,node-name=d0,filename={disk} -device ahci,id=ahci0 -device ide-hd,drive=d0,id=hd0,bus=ahci0.0"
VM_KMODS="sd_mod"
VM_KERNEL_MODULE=ahci
VM_KCONFIG="CONFIG_SATA_AHCI=m CONFIG_BLK_DEV_SD=m"
