// SPDX-License-Identifier: GPL-2.0
/*
 * The same teardown as fire-remove-frees-private.c, but the device is
 * made by module_init() and torn down only by module_exit(): with .owner
 * = THIS_MODULE an opener pins the module, so the exit function cannot
 * run while the disk is open, and the free after put_disk() is safe.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
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

static struct rp_dev *rp_the_dev;

static int __init rp_init(void)
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
	rp_the_dev = dev;
	return 0;

out_put_disk:
	put_disk(dev->disk);
out_free_dev:
	kfree(dev);
	return err;
}

static void __exit rp_exit(void)
{
	struct rp_dev *dev = rp_the_dev;

	del_gendisk(dev->disk);
	put_disk(dev->disk);
	kfree(dev);
}

module_init(rp_init);
module_exit(rp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: the private data freed by module_exit() of a module the openers pin
 * check-command: gendisk-lint --rule private-freed-while-open --kdir $KDIR $file
 */
