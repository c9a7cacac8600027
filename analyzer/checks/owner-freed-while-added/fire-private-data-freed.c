// SPDX-License-Identifier: GPL-2.0
/*
 * The disk is a local; the struct freed on the error path after add_disk()
 * is the disk's private_data, which its callbacks read.  The error return
 * is also fail-after-add's finding, so the command runs this rule alone.
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
	struct gendisk *disk;
	struct of_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_dev;
	}
	disk->fops = &of_fops;
	disk->private_data = dev;
	strscpy(disk->disk_name, "of0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;

	err = device_create_file(disk_to_dev(disk), &dev_attr_of_mode);
	if (err)
		goto out_free_dev;
	dev->disk = disk;
	platform_set_drvdata(pdev, dev);
	return 0;

out_put_disk:
	put_disk(disk);
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
 * check-name: the disk's private_data freed while the disk is added
 * check-command: gendisk-lint --rule owner-freed-while-added --kdir $KDIR $file
 *
 * check-output-start
fire-private-data-freed.c:67:2: warning: 'dev' freed while the disk 'disk' it is the private_data of is still added: del_gendisk() missing before this [owner-freed-while-added]
fire-private-data-freed.c:53:8: note: add_disk() succeeded here
 * check-output-end
 */
