// SPDX-License-Identifier: GPL-2.0
/*
 * A helper puts the disk it stored in dev->disk when add_disk() fails and
 * returns the error; its only caller, the probe, then frees dev itself
 * (brd_alloc()/brd_free_device()-like unwinding split over two functions):
 * the stale field goes away with its struct, remove never sees it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct cf_dev {
	struct gendisk *disk;
};

static void cf_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations cf_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= cf_submit_bio,
};

static int cf_add(struct cf_dev *dev)
{
	int err;

	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk))
		return PTR_ERR(dev->disk);
	dev->disk->fops = &cf_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "cf0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);

	err = add_disk(dev->disk);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(dev->disk);
	return err;
}

static int cf_probe(struct platform_device *pdev)
{
	struct cf_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	err = cf_add(dev);
	if (err) {
		kfree(dev);
		return err;
	}
	platform_set_drvdata(pdev, dev);
	return 0;
}

static void cf_remove(struct platform_device *pdev)
{
	struct cf_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	put_disk(dev->disk);
	kfree(dev);
}

static struct platform_driver cf_driver = {
	.probe	= cf_probe,
	.remove	= cf_remove,
	.driver	= {
		.name	= "cf-disk",
	},
};
module_platform_driver(cf_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: the caller frees the struct holding the stale field
 */
