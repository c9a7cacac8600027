// SPDX-License-Identifier: GPL-2.0
/*
 * The disk is left in a field of a global struct when add_disk() fails,
 * but the only caller is the module's init, which returns that error: the
 * module is unloaded and nothing reads dev->disk afterwards (the shape of
 * simple one-disk drivers whose init calls a setup helper on a static
 * device struct).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct ig_dev {
	struct gendisk *disk;
};

static struct ig_dev ig_dev;

static void ig_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ig_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ig_submit_bio,
};

static int ig_add(struct ig_dev *dev)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ig_fops;
	disk->private_data = dev;
	strscpy(disk->disk_name, "ig0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	dev->disk = disk;
	err = add_disk(disk);
	if (err)
		put_disk(disk);
	return err;
}

static int __init ig_init(void)
{
	int err;

	err = ig_add(&ig_dev);
	if (err)
		pr_err("ig: cannot add the disk: %d\n", err);
	return err;
}

static void __exit ig_exit(void)
{
	del_gendisk(ig_dev.disk);
	put_disk(ig_dev.disk);
}

module_init(ig_init);
module_exit(ig_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a global's struct left stale by a module init that fails
 */
