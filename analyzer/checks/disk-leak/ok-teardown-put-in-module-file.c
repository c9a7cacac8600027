// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-teardown-field-no-put.c across files: remove deletes
 * dev->disk and drops the device's reference; the release function that
 * puts the disk is in tdmod-release.c, another file of the same module
 * (Kbuild), reached through kref_put() only.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include "tdmod.h"

static void tdm_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations tdm_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= tdm_submit_bio,
};

static int tdm_probe(struct platform_device *pdev)
{
	struct tdm_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	kref_init(&dev->ref);
	err = tdm_alloc_disk(dev);
	if (err) {
		kfree(dev);
		return err;
	}
	dev->disk->fops = &tdm_fops;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "tdm%d", pdev->id);
	set_capacity(dev->disk, 1024);
	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err) {
		put_disk(dev->disk);
		kfree(dev);
		return err;
	}
	platform_set_drvdata(pdev, dev);
	return 0;
}

static void tdm_remove(struct platform_device *pdev)
{
	struct tdm_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	kref_put(&dev->ref, tdm_release);
}

static struct platform_driver tdm_driver = {
	.probe	= tdm_probe,
	.remove	= tdm_remove,
	.driver	= {
		.name = "tdm",
	},
};
module_platform_driver(tdm_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: teardown's disk put by a release function in another file of the module
 */
