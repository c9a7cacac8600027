// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of ok-owner-put.c (and the bcache flash_dev_run() bug):
 * the owner's release only frees the owner, nothing in the file deletes
 * owner->disk, so dropping the owner on the kobject_add() error path
 * leaves the disk added and pointing at freed memory.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/kobject.h>
#include <linux/slab.h>

struct ovr_dev {
	struct gendisk *disk;
	struct kobject kobj;
};

static struct ovr_dev *ovr;

static void ovr_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ovr_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ovr_submit_bio,
};

static void ovr_kobj_release(struct kobject *kobj)
{
	struct ovr_dev *dev = container_of(kobj, struct ovr_dev, kobj);

	kfree(dev);
}

static const struct kobj_type ovr_ktype = {
	.release	= ovr_kobj_release,
};

static void ovr_put(struct ovr_dev *dev)
{
	kobject_put(&dev->kobj);
}

static int __init ovr_init(void)
{
	struct ovr_dev *dev;
	struct gendisk *disk;
	int error;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		kfree(dev);
		return PTR_ERR(disk);
	}
	disk->fops = &ovr_fops;
	strscpy(disk->disk_name, "ovr0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	dev->disk = disk;
	error = add_disk(disk);
	if (error) {
		put_disk(disk);
		kfree(dev);
		return error;
	}
	kobject_init(&dev->kobj, &ovr_ktype);
	error = kobject_add(&dev->kobj, &disk_to_dev(disk)->kobj, "%s", "ovr");
	if (error) {
		ovr_put(dev);
		return error;
	}
	ovr = dev;
	return 0;
}

static void __exit ovr_exit(void)
{
	ovr_put(ovr);
}

module_init(ovr_init);
module_exit(ovr_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: an owner put whose release does not delete the disk hands nothing over
 *
 * check-output-start
fire-owner-put-keeps-disk.c:74:3: warning: error return leaves 'disk' added: del_gendisk() and put_disk() missing on this path [fail-after-add]
fire-owner-put-keeps-disk.c:64:10: note: add_disk() succeeded here
 * check-output-end
 */
