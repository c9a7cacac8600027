// SPDX-License-Identifier: GPL-2.0
/*
 * del_gendisk() in the remove path, put_disk() later in another function:
 * the kref release of the device struct (nbd's and loop's shape: the last
 * reference, possibly an opener's, drops the disk).  No function puts
 * before it deletes; the release does not delete at all.  Also a put of
 * one disk followed by del_gendisk() of another (a spare that was never
 * added) is no put-before-del.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/kref.h>
#include <linux/slab.h>

struct kr_dev {
	struct gendisk *disk;
	struct gendisk *spare;
	struct kref ref;
};

static struct kr_dev *kr;

static void kr_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations kr_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= kr_submit_bio,
};

static void kr_release(struct kref *ref)
{
	struct kr_dev *dev = container_of(ref, struct kr_dev, ref);

	put_disk(dev->disk);
	kfree(dev);
}

static void kr_remove(struct kr_dev *dev)
{
	put_disk(dev->spare);
	del_gendisk(dev->disk);
	kref_put(&dev->ref, kr_release);
}

static int __init kr_init(void)
{
	struct kr_dev *dev;
	int err = -ENOMEM;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	kref_init(&dev->ref);
	dev->spare = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->spare)) {
		err = PTR_ERR(dev->spare);
		goto out_free;
	}
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		goto out_put_spare;
	}
	dev->disk->fops = &kr_fops;
	strscpy(dev->disk->disk_name, "kr0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err)
		goto out_put_disk;
	kr = dev;
	return 0;

out_put_disk:
	put_disk(dev->disk);
out_put_spare:
	put_disk(dev->spare);
out_free:
	kfree(dev);
	return err;
}

static void __exit kr_exit(void)
{
	kr_remove(kr);
}

module_init(kr_init);
module_exit(kr_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk in remove, put_disk in the kref release; a put of another disk first
 */
