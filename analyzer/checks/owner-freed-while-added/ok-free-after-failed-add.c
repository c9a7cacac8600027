// SPDX-License-Identifier: GPL-2.0
/*
 * The common probe unwinding: the struct is freed only on the paths where
 * add_disk() failed (or was not reached): the disk was never live there.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

struct of_dev {
	struct gendisk *disk;
	void *buf;
};

static ssize_t of_mode_show(struct device *dev,
			    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "ram\n");
}
static DEVICE_ATTR_RO(of_mode);

static void of_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations of_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= of_submit_bio,
};

static int of_probe(struct platform_device *pdev)
{
	struct of_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		goto out_free_dev;
	}
	dev->disk->fops = &of_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "of0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err)
		goto out_put_disk;
	if (device_create_file(disk_to_dev(dev->disk), &dev_attr_of_mode))
		dev_warn(&pdev->dev, "no mode attribute\n");
	platform_set_drvdata(pdev, dev);
	return 0;

out_put_disk:
	put_disk(dev->disk);
out_free_dev:
	kfree(dev);
	return err;
}

static void of_remove(struct platform_device *pdev)
{
	struct of_dev *dev = platform_get_drvdata(pdev);

	device_remove_file(disk_to_dev(dev->disk), &dev_attr_of_mode);
	del_gendisk(dev->disk);
	put_disk(dev->disk);
	kfree(dev->buf);
	kfree(dev);
}

static struct platform_driver of_driver = {
	.probe	= of_probe,
	.remove	= of_remove,
	.driver	= {
		.name	= "of-disk",
	},
};
module_platform_driver(of_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: the owner freed only where add_disk() failed
 */
