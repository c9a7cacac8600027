// SPDX-License-Identifier: GPL-2.0
/*
 * The added disk handed to its refcounted owner, as md does (md_alloc():
 * "mddev->gendisk = disk; ... add_disk(disk) ... if kobject_add() fails:
 * mddev_put(mddev); return ERR_PTR(error);"): dropping the owner's last
 * reference releases its kobject, whose release function deletes and puts
 * the disk (md_kobj_release(): del_gendisk(mddev->gendisk);
 * put_disk(mddev->gendisk)).  The summary of own_put() cannot follow the
 * kobject release, but another function of the file tears down
 * owner->disk, so the error return leaves nothing behind.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/kobject.h>
#include <linux/slab.h>

struct own_dev {
	struct gendisk *disk;
	struct kobject kobj;
};

static struct own_dev *own;

static void own_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations own_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= own_submit_bio,
};

static void own_kobj_release(struct kobject *kobj)
{
	struct own_dev *dev = container_of(kobj, struct own_dev, kobj);

	del_gendisk(dev->disk);
	put_disk(dev->disk);
	kfree(dev);
}

static const struct kobj_type own_ktype = {
	.release	= own_kobj_release,
};

static void own_put(struct own_dev *dev)
{
	kobject_put(&dev->kobj);
}

static int __init own_init(void)
{
	struct own_dev *dev;
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
	disk->fops = &own_fops;
	strscpy(disk->disk_name, "own0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	dev->disk = disk;
	error = add_disk(disk);
	if (error) {
		put_disk(disk);
		kfree(dev);
		return error;
	}
	kobject_init(&dev->kobj, &own_ktype);
	error = kobject_add(&dev->kobj, &disk_to_dev(disk)->kobj, "%s", "own");
	if (error) {
		own_put(dev);
		return error;
	}
	own = dev;
	return 0;
}

static void __exit own_exit(void)
{
	own_put(own);
}

module_init(own_init);
module_exit(own_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: an added disk handed to its refcounted owner, whose release deletes it (md)
 */
