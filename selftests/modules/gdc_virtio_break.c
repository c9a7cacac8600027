// SPDX-License-Identifier: GPL-2.0
/*
 * gdc_virtio_break - make a virtio disk's device vanish, as a surprise
 * removal does, for the gendisk_hotplug selftest.
 *
 *   insmod gdc_virtio_break.ko disk=/dev/vda
 *
 * marks the virtio device under the disk broken with virtio_break_device():
 * what virtio_pci_remove() does when it finds the PCI device already gone
 * (drivers/virtio/virtio_pci_common.c, 6.1 and 6.12).  From then on the
 * virtqueues refuse new buffers and their interrupts are ignored, so the
 * requests the device had taken never complete - as on real hardware that
 * was pulled.  QEMU's device_del cannot do this: ACPI asks the guest to
 * eject, and the device works until the guest let it go.
 *
 * The load succeeds once the device is broken; the module does nothing
 * else and can be unloaded at once.  The disk's driver then has to cope
 * when its device is unbound (the test writes to the driver's unbind).
 */
#include <linux/blkdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/virtio.h>

static char *disk = "";
module_param(disk, charp, 0444);
MODULE_PARM_DESC(disk, "block device node of the virtio disk to break");

/* The virtio device under the disk at @path, with a reference held. */
static struct device *gdc_virtio_parent(const char *path)
{
	struct device *parent = NULL;
	struct block_device *bdev;
	dev_t devt;
	int err;

	err = lookup_bdev(path, &devt);
	if (err)
		return ERR_PTR(err);
#ifdef GDC_HAVE_BDEV_FILE	/* 6.9 and later */
	{
		struct file *f = bdev_file_open_by_dev(devt, BLK_OPEN_READ,
						       NULL, NULL);

		if (IS_ERR(f))
			return ERR_CAST(f);
		bdev = file_bdev(f);
		parent = get_device(disk_to_dev(bdev->bd_disk)->parent);
		fput(f);
	}
#else
	bdev = blkdev_get_by_dev(devt, FMODE_READ, NULL);
	if (IS_ERR(bdev))
		return ERR_CAST(bdev);
	parent = get_device(disk_to_dev(bdev->bd_disk)->parent);
	blkdev_put(bdev, FMODE_READ);
#endif
	if (!parent)
		return ERR_PTR(-ENODEV);
	if (!parent->bus || strcmp(parent->bus->name, "virtio")) {
		put_device(parent);
		return ERR_PTR(-ENOTTY);
	}
	return parent;
}

static int __init gdc_virtio_break_init(void)
{
	struct device *dev = gdc_virtio_parent(disk);

	if (IS_ERR(dev)) {
		pr_err("gdc_virtio_break: %s: no virtio disk (%ld)\n", disk,
		       PTR_ERR(dev));
		return PTR_ERR(dev);
	}
	virtio_break_device(dev_to_virtio(dev));
	pr_info("gdc_virtio_break: %s: %s is broken now\n", disk,
		dev_name(dev));
	put_device(dev);
	return 0;
}

static void __exit gdc_virtio_break_exit(void)
{
}

module_init(gdc_virtio_break_init);
module_exit(gdc_virtio_break_exit);

MODULE_DESCRIPTION("gendisk-check selftest helper: break a virtio disk's device");
MODULE_LICENSE("GPL");
