// SPDX-License-Identifier: GPL-2.0
/*
 * The shape of bcache_device_init() and its callers (drivers/md/bcache,
 * 6.12): the setup helper leaves the allocator's ERR_PTR in dev->disk;
 * the caller that created the device answers the failure by dropping the
 * device's kobject, whose release runs the driver's teardown, and the
 * teardown tests the field only against NULL before put_disk().
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/kobject.h>
#include <linux/slab.h>

struct kr_dev {
	struct kobject kobj;
	struct gendisk *disk;
};

static struct kr_dev *kr_the_dev;

static void kr_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations kr_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= kr_submit_bio,
};

static void kr_dev_free(struct kr_dev *dev)
{
	struct gendisk *disk = dev->disk;

	if (disk) {
		del_gendisk(disk);
		put_disk(disk);
	}
	kfree(dev);
}

static void kr_release(struct kobject *kobj)
{
	kr_dev_free(container_of(kobj, struct kr_dev, kobj));
}

static const struct kobj_type kr_ktype = {
	.release	= kr_release,
};

static struct kr_dev *kr_alloc_dev(void)
{
	struct kr_dev *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

	if (dev)
		kobject_init(&dev->kobj, &kr_ktype);
	return dev;
}

static int kr_dev_init(struct kr_dev *dev)
{
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk))
		return PTR_ERR(dev->disk);
	dev->disk->fops = &kr_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "kr0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);
	return add_disk(dev->disk);
}

static int __init kr_init(void)
{
	struct kr_dev *dev;
	int err;

	dev = kr_alloc_dev();
	if (!dev)
		return -ENOMEM;
	err = kr_dev_init(dev);
	if (err) {
		kobject_put(&dev->kobj);
		return err;
	}
	kr_the_dev = dev;
	return 0;
}

static void __exit kr_exit(void)
{
	kobject_put(&kr_the_dev->kobj);
}

module_init(kr_init);
module_exit(kr_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a reference drop whose release runs the NULL-only teardown
 *
 * check-output-start
fire-errptr-kobject-release.c:63:6: warning: error pointer from blk_alloc_disk() left in 'dev->disk' on the IS_ERR() path; kr_dev_free() tests it only for NULL and calls put_disk() on it [dangling-disk-pointer]
fire-errptr-kobject-release.c:62:14: note: the allocator's result is stored in 'dev->disk' here
fire-errptr-kobject-release.c:64:3: note: returns here with the error pointer in 'dev->disk'
fire-errptr-kobject-release.c:35:6: note: kr_dev_free() tests only for NULL here
fire-errptr-kobject-release.c:37:12: note: and passes 'disk' to put_disk() here
 * check-output-end
 */
