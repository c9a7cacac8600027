# sd (drivers/scsi/sd.c) behind the kernel's usb-storage
# (drivers/usb/storage/usb.c, Bulk-Only Transport) on a QEMU usb-storage
# device on a qemu-xhci controller.  The module under test is
# usb_storage: its load binds the USB interface, makes a SCSI host and
# scans it from its own thread after delay_use (1 s), and sd_mod (loaded
# before the tests) makes the disk; its unload removes the host, which
# removes the disk through sd_remove().  QEMU's usb-storage speaks BOT
# only, so uas never binds it.
MODULE=usb_storage
DISK=sda
DISK_PREFIX=sd
CAPACITY_BYTES=67108864
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
LOAD_CYCLES=20
# sd's 16 minors; no logical block provisioning over Bulk-Only (no
# discard, no WRITE SAME: usb-storage sets no_write_same); no secure
# erase; sd_getgeo(); QEMU's usb-storage reports no rotation rate.
PARTITIONS=yes
GETGEO=yes
SECURE_ERASE=no
ROTATIONAL=1
DISCARD=no
WRITE_ZEROES=no
VM_DISK_BYTES=67108864
VM_QEMU_ARGS="-blockdev driver=file,node-name=d0,filename={disk} -device qemu-xhci,id=xhci0 -device usb-storage,drive=d0,id=us0,bus=xhci0.0"
VM_KMODS="xhci_pci sd_mod"
VM_KERNEL_MODULE=usb_storage
VM_KCONFIG="CONFIG_USB_STORAGE=m CONFIG_USB_XHCI_PCI=m CONFIG_BLK_DEV_SD=m"
