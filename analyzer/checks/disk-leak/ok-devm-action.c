// SPDX-License-Identifier: GPL-2.0
/*
 * devm-style ownership: right after allocation the probe registers a
 * devres action that puts the disk, so the early error returns below do
 * not leak it (devm_add_action_or_reset() puts it itself on failure).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/property.h>
#include <linux/slab.h>

struct dm_dev {
	struct gendisk *disk;
	u32 sectors;
};

static void dm_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dm_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dm_submit_bio,
};

static void dm_put_disk_action(void *data)
{
	put_disk(data);
}

static void dm_del_disk_action(void *data)
{
	del_gendisk(data);
}

static int dm_probe(struct platform_device *pdev)
{
	struct dm_dev *dev;
	struct gendisk *disk;
	int err;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;

	disk = blk_alloc_disk(NULL, dev_to_node(&pdev->dev));
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	err = devm_add_action_or_reset(&pdev->dev, dm_put_disk_action, disk);
	if (err)
		return err;

	err = device_property_read_u32(&pdev->dev, "sectors", &dev->sectors);
	if (err)
		return err;
	if (!dev->sectors)
		return -EINVAL;

	disk->fops = &dm_fops;
	disk->private_data = dev;
	snprintf(disk->disk_name, DISK_NAME_LEN, "dm%d", pdev->id);
	set_capacity(disk, dev->sectors);
	dev->disk = disk;

	err = device_add_disk(&pdev->dev, disk, NULL);
	if (err)
		return err;
	return devm_add_action_or_reset(&pdev->dev, dm_del_disk_action, disk);
}

static struct platform_driver dm_driver = {
	.probe	= dm_probe,
	.driver	= {
		.name = "dmdisk",
	},
};
module_platform_driver(dm_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: disk handed to a devres action that puts it
 */
