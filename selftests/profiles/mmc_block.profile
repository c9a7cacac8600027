# The kernel's mmc_block (drivers/mmc/core/block.c) on an SD card in a
# QEMU sdhci-pci controller (sd-card).  sdhci_pci (loaded before the
# tests) binds the controller and mmc_core enumerates the card; the
# module under test is mmc_block, whose load binds the card and makes
# mmcblk0 and whose unload deletes it.
MODULE=mmc_block
DISK=mmcblk0
DISK_PREFIX=mmcblk
CAPACITY_BYTES=67108864
LOGICAL_BLOCK_SIZE=512
QUEUE_MODEL=mq
LOAD_CYCLES=20
# Not "zeroed": the image keeps what earlier tests wrote.  perdev_minors
# (8) minors; discard through the SD erase commands (sdhci offers
# MMC_CAP_ERASE; not claimed to read back zeros); no write-zeroes; SD
# cards have no secure erase; mmc_blk_getgeo(); not rotational.
PARTITIONS=yes
GETGEO=yes
SECURE_ERASE=no
ROTATIONAL=0
DISCARD=yes
WRITE_ZEROES=no
VM_DISK_BYTES=67108864
VM_QEMU_ARGS="-blockdev driver=file,node-name=d0,filename={disk} -device sdhci-pci,id=sdhci0 -device sd-card,drive=d0,id=sdc0"
VM_KMODS="sdhci_pci"
VM_KERNEL_MODULE=mmc_block
VM_KCONFIG="CONFIG_MMC_BLOCK=m CONFIG_MMC_SDHCI_PCI=m"
