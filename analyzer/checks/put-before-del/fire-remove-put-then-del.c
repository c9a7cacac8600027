// SPDX-License-Identifier: GPL-2.0
/*
 * Reduced from seeded-bugs' put-before-del variant of
 * reference-driver/ram/gdram.c: the per-device teardown (gdram_del_one())
 * takes the disk from its device struct and calls put_disk() before
 * del_gendisk().  The disk is added (the function does not see it, but
 * the del_gendisk() that follows says so): put_disk() drops the driver's
 * reference while the disk is still live; del_gendisk() then works on a
 * disk its owner gave up (a WARN in kernfs on 6.12, the module cannot be
 * unloaded).  Reported as put-before-del at the put, not as a use after
 * put at the del_gendisk().
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

struct rp_dev {
	struct gendisk *disk;
	int index;
};

static struct rp_dev *rp_devs[2];

static void rp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations rp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= rp_submit_bio,
};

static int rp_add_one(int index)
{
	struct rp_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->index = index;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		goto out_free;
	}
	dev->disk->fops = &rp_fops;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "rp%d", index);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err)
		goto out_put;
	rp_devs[index] = dev;
	return 0;

out_put:
	put_disk(dev->disk);
out_free:
	kfree(dev);
	return err;
}

static void rp_del_one(struct rp_dev *dev)
{
	put_disk(dev->disk);
	del_gendisk(dev->disk);
	rp_devs[dev->index] = NULL;
	kfree(dev);
}

static int __init rp_init(void)
{
	int i, err;

	for (i = 0; i < ARRAY_SIZE(rp_devs); i++) {
		err = rp_add_one(i);
		if (err)
			goto out_del;
	}
	return 0;

out_del:
	while (--i >= 0)
		rp_del_one(rp_devs[i]);
	return err;
}

static void __exit rp_exit(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(rp_devs); i++)
		rp_del_one(rp_devs[i]);
}

module_init(rp_init);
module_exit(rp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: teardown calls put_disk() before del_gendisk() on a disk from the device struct
 *
 * check-output-start
fire-remove-put-then-del.c:66:2: warning: put_disk() on 'dev->disk' while it is still added: call del_gendisk() first [put-before-del]
fire-remove-put-then-del.c:67:2: note: del_gendisk() after put_disk() here
 * check-output-end
 */
