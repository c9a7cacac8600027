// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of ok-no-teardown.c: no module_exit() either, but the
 * PCI driver has a .remove, so the device can be unbound (sysfs unbind,
 * hot unplug) and bound again; .remove deletes the disk and leaves the fixed
 * major registered, so the next probe's register_blkdev() fails with
 * -EBUSY.  A driver that tears down must give the major back.  (A
 * platform_driver's .remove sits in an anonymous union in 6.12 and is not
 * seen yet: a PCI driver here.)
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/pci.h>

#define RNU_MAJOR	242

static struct gendisk *rnu_disk;

static void rnu_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations rnu_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= rnu_submit_bio,
};

static int rnu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct gendisk *disk;
	int err;

	if (register_blkdev(RNU_MAJOR, "rnu"))
		return -EBUSY;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_unregister;
	}
	disk->major = RNU_MAJOR;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &rnu_fops;
	strscpy(disk->disk_name, "rnu0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	rnu_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_unregister:
	unregister_blkdev(RNU_MAJOR, "rnu");
	return err;
}

static void rnu_remove(struct pci_dev *pdev)
{
	del_gendisk(rnu_disk);
	put_disk(rnu_disk);
}

static const struct pci_device_id rnu_ids[] = {
	{ PCI_DEVICE(0x1af4, 0x10ff) },
	{ }
};
MODULE_DEVICE_TABLE(pci, rnu_ids);

static struct pci_driver rnu_driver = {
	.name		= "rnu",
	.id_table	= rnu_ids,
	.probe		= rnu_probe,
	.remove		= rnu_remove,
};

static int __init rnu_init(void)
{
	return pci_register_driver(&rnu_driver);
}

module_init(rnu_init);
MODULE_LICENSE("GPL");

/*
 * check-name: a driver with .remove but no module_exit keeps its major after unbind
 *
 * check-output-start
fire-remove-no-unregister.c:34:6: warning: major "rnu" is never unregistered outside the function registering it: unregister_blkdev() missing on exit [blkdev-imbalance]
 * check-output-end
 */
