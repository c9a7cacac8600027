// SPDX-License-Identifier: GPL-2.0
/*
 * The fixed teardown: private_data is fetched before del_gendisk() /
 * put_disk(), and only the saved pointer is used afterwards.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct sf_dev {
	struct gendisk *disk;
	void *store;
};

static struct sf_dev *sf_dev;

static void sf_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations sf_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= sf_submit_bio,
};

static void sf_destroy(struct gendisk *disk)
{
	struct sf_dev *dev = disk->private_data;

	del_gendisk(disk);
	put_disk(disk);
	kfree(dev->store);
	dev->disk = NULL;
	kfree(dev);
}

static int __init sf_init(void)
{
	struct sf_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		kfree(dev);
		return err;
	}
	dev->disk->fops = &sf_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "sf0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err) {
		put_disk(dev->disk);
		kfree(dev);
		return err;
	}
	sf_dev = dev;
	return 0;
}

static void __exit sf_exit(void)
{
	sf_destroy(sf_dev->disk);
}

module_init(sf_init);
module_exit(sf_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: private_data saved before put_disk(), field cleared after
 */
