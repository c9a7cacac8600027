// SPDX-License-Identifier: GPL-2.0
/*
 * A platform driver's .remove deletes the disk, puts it and frees the
 * device struct at once.  An opener that still holds the block device
 * calls ->release later, which reads disk->private_data: the struct freed
 * by .remove.  Unbinding the driver through sysfs does not need the
 * module to go, so .owner does not help.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct rp_dev {
	struct gendisk *disk;
	atomic_t users;
};

static int rp_open(struct gendisk *disk, blk_mode_t mode)
{
	struct rp_dev *dev = disk->private_data;

	atomic_inc(&dev->users);
	return 0;
}

static void rp_release(struct gendisk *disk)
{
	struct rp_dev *dev = disk->private_data;

	atomic_dec(&dev->users);
}

static void rp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations rp_fops = {
	.owner		= THIS_MODULE,
	.open		= rp_open,
	.release	= rp_release,
	.submit_bio	= rp_submit_bio,
};

static int rp_probe(struct platform_device *pdev)
{
	struct rp_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		goto out_free_dev;
	}
	dev->disk->fops = &rp_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "rp0", DISK_NAME_LEN);
	set_capacity(dev->disk, 4096);
	err = add_disk(dev->disk);
	if (err)
		goto out_put_disk;
	platform_set_drvdata(pdev, dev);
	return 0;

out_put_disk:
	put_disk(dev->disk);
out_free_dev:
	kfree(dev);
	return err;
}

static void rp_remove(struct platform_device *pdev)
{
	struct rp_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	put_disk(dev->disk);
	kfree(dev);
}

static struct platform_driver rp_driver = {
	.probe	= rp_probe,
	.remove	= rp_remove,
	.driver	= {
		.name	= "rp-disk",
	},
};
module_platform_driver(rp_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: .remove frees the private data a later ->release reads
 * check-command: gendisk-lint --rule private-freed-while-open --kdir $KDIR $file
 *
 * check-output-start
fire-remove-frees-private.c:82:2: warning: 'dev' freed after del_gendisk(dev->disk) while the disk may still be open: rp_fops's .release (rp_release) reads disk->private_data later; free it from ->free_disk [private-freed-while-open]
fire-remove-frees-private.c:80:2: note: del_gendisk() here does not wait for the openers
fire-remove-frees-private.c:42:3: note: the callback an opener still calls
 * check-output-end
 */
