// SPDX-License-Identifier: GPL-2.0
/*
 * Teardown reads disk->private_data after the final put_disk(): the
 * gendisk may already be freed (the order bug of several upstream
 * remove paths; fix: fetch private_data first, or free it in ->free_disk).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct pd_dev {
	struct gendisk *disk;
	void *store;
};

static struct pd_dev *pd_dev;

static void pd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations pd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= pd_submit_bio,
};

static void pd_destroy(struct gendisk *disk)
{
	struct pd_dev *dev;

	del_gendisk(disk);
	put_disk(disk);
	dev = disk->private_data;
	kfree(dev->store);
	kfree(dev);
}

static int __init pd_init(void)
{
	struct pd_dev *dev;
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
	dev->disk->fops = &pd_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "pd0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err) {
		put_disk(dev->disk);
		kfree(dev);
		return err;
	}
	pd_dev = dev;
	return 0;
}

static void __exit pd_exit(void)
{
	pd_destroy(pd_dev->disk);
}

module_init(pd_init);
module_exit(pd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: disk->private_data read after put_disk()
 *
 * check-output-start
fire-private-data-after-put.c:34:8: warning: 'disk' used after put_disk() [use-after-put]
fire-private-data-after-put.c:33:2: note: put_disk() here
 * check-output-end
 */
