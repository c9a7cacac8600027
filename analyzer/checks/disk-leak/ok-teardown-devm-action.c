// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-teardown-field-no-put.c: the probe registers a devres
 * action that puts dev->disk when the device goes away (after remove has
 * deleted it); the put is in the action, which nothing calls directly.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct tdd_dev {
	struct gendisk *disk;
};

static void tdd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations tdd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= tdd_submit_bio,
};

static void tdd_put_disk(void *data)
{
	struct tdd_dev *dev = data;

	put_disk(dev->disk);
}

static int tdd_probe(struct platform_device *pdev)
{
	struct tdd_dev *dev;
	int err;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk))
		return PTR_ERR(dev->disk);
	err = devm_add_action_or_reset(&pdev->dev, tdd_put_disk, dev);
	if (err)
		return err;
	dev->disk->fops = &tdd_fops;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "tdd%d", pdev->id);
	set_capacity(dev->disk, 1024);
	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err)
		return err;
	platform_set_drvdata(pdev, dev);
	return 0;
}

static void tdd_remove(struct platform_device *pdev)
{
	struct tdd_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
}

static struct platform_driver tdd_driver = {
	.probe	= tdd_probe,
	.remove	= tdd_remove,
	.driver	= {
		.name = "tdd",
	},
};
module_platform_driver(tdd_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: teardown's disk put by a devres action
 */
