// SPDX-License-Identifier: GPL-2.0
/*
 * The add_disk() failure path calls a helper of the same file that puts
 * its argument's field (dev->disk) and frees the device: the function
 * summary of the helper must count as put_disk().
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct hp_dev {
	struct gendisk *disk;
	void *cache;
};

static struct hp_dev *hp_dev;

static void hp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations hp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= hp_submit_bio,
};

static void hp_free_dev(struct hp_dev *dev)
{
	put_disk(dev->disk);
	kfree(dev->cache);
	kfree(dev);
}

static int __init hp_init(void)
{
	struct hp_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->cache = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!dev->cache) {
		kfree(dev);
		return -ENOMEM;
	}

	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		kfree(dev->cache);
		kfree(dev);
		return err;
	}
	dev->disk->fops = &hp_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "hp0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);

	err = add_disk(dev->disk);
	if (err) {
		hp_free_dev(dev);
		return err;
	}
	hp_dev = dev;
	return 0;
}

static void __exit hp_exit(void)
{
	del_gendisk(hp_dev->disk);
	hp_free_dev(hp_dev);
}

module_init(hp_init);
module_exit(hp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: add_disk() failure handled by a helper that puts dev->disk
 */
