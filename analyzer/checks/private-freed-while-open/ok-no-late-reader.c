// SPDX-License-Identifier: GPL-2.0
/*
 * The .remove of fire-remove-frees-private.c, in a driver whose fops
 * have no callback an opener can still call after del_gendisk() that
 * reads disk->private_data (only ->submit_bio does, and del_gendisk()
 * drains the I/O and fails new bios): freeing it at once is safe.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct rp_dev {
	struct gendisk *disk;
	atomic_t users;
};

static void rp_submit_bio(struct bio *bio)
{
	struct rp_dev *dev = bio->bi_bdev->bd_disk->private_data;

	atomic_inc(&dev->users);
	bio_endio(bio);
}

static const struct block_device_operations rp_fops = {
	.owner		= THIS_MODULE,
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
 * check-name: .remove frees private data no late fops callback reads
 * check-command: gendisk-lint --rule private-freed-while-open --kdir $KDIR $file
 */
