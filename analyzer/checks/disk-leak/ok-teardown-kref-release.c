// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-teardown-field-no-put.c: remove only deletes the disk
 * and drops its reference on the device; the last reference's release
 * function, reached through kref_put() and never called directly, puts
 * dev->disk and frees the struct.  The disk is released.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/kref.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct tdk_dev {
	struct gendisk *disk;
	struct kref ref;
};

static void tdk_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations tdk_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= tdk_submit_bio,
};

static void tdk_release(struct kref *ref)
{
	struct tdk_dev *dev = container_of(ref, struct tdk_dev, ref);

	put_disk(dev->disk);
	kfree(dev);
}

static int tdk_probe(struct platform_device *pdev)
{
	struct tdk_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	kref_init(&dev->ref);
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		kfree(dev);
		return err;
	}
	dev->disk->fops = &tdk_fops;
	dev->disk->private_data = dev;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "tdk%d", pdev->id);
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

static void tdk_remove(struct platform_device *pdev)
{
	struct tdk_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	kref_put(&dev->ref, tdk_release);
}

static struct platform_driver tdk_driver = {
	.probe	= tdk_probe,
	.remove	= tdk_remove,
	.driver	= {
		.name = "tdk",
	},
};
module_platform_driver(tdk_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: teardown's disk put by the kref release function
 */
