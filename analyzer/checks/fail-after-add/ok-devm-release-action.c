// SPDX-License-Identifier: GPL-2.0
/*
 * The added disk handed to devm, as pmem does (pmem_attach_disk():
 * "if (devm_add_action_or_reset(dev, pmem_release_disk, pmem)) return
 * -ENOMEM;" right after device_add_disk()): when registering the action
 * fails, devm_add_action_or_reset() runs pmem_release_disk() at once,
 * which does del_gendisk() and put_disk(); once it succeeded the device's
 * teardown runs it.  The error return owes the disk nothing.  The action
 * reaches the disk through a local copy of its void * argument.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>

struct dra_dev {
	struct gendisk *disk;
	int ro;
};

static void dra_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dra_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dra_submit_bio,
};

static void dra_release_disk(void *data)
{
	struct dra_dev *dev = data;

	del_gendisk(dev->disk);
	put_disk(dev->disk);
}

static int dra_probe(struct platform_device *pdev)
{
	struct dra_dev *dev;
	struct gendisk *disk;
	int rc;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	dev->disk = disk;
	disk->fops = &dra_fops;
	disk->private_data = dev;
	strscpy(disk->disk_name, "dra0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	rc = device_add_disk(&pdev->dev, disk, NULL);
	if (rc) {
		put_disk(disk);
		return rc;
	}
	if (devm_add_action_or_reset(&pdev->dev, dra_release_disk, dev))
		return -ENOMEM;
	set_disk_ro(disk, dev->ro);
	return 0;
}

static struct platform_driver dra_driver = {
	.probe		= dra_probe,
	.driver = {
		.name	= "dra",
	},
};
module_platform_driver(dra_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: an added disk handed to devm_add_action_or_reset() with an action that deletes and puts it
 */
