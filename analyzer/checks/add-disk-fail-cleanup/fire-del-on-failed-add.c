// SPDX-License-Identifier: GPL-2.0
/*
 * One unwind label shared by a failed add_disk() and a later failure:
 * both reach del_gendisk().  After a failed add_disk() only put_disk() is
 * allowed; del_gendisk() WARNs on a disk that is not live (the shape of
 * several upstream "don't call del_gendisk on add_disk failure" fixes).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

struct sg_dev {
	struct gendisk *disk;
	int flags;
};

static struct sg_dev *sg_dev;

static ssize_t sg_flags_show(struct device *dev,
			     struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "0\n");
}
static DEVICE_ATTR_RO(sg_flags);

static void sg_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations sg_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= sg_submit_bio,
};

static int __init sg_init(void)
{
	struct gendisk *disk;
	int err;

	sg_dev = kzalloc(sizeof(*sg_dev), GFP_KERNEL);
	if (!sg_dev)
		return -ENOMEM;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free;
	}
	disk->fops = &sg_fops;
	disk->private_data = sg_dev;
	strscpy(disk->disk_name, "sg0", DISK_NAME_LEN);
	set_capacity(disk, 4096);
	sg_dev->disk = disk;

	err = add_disk(disk);
	if (err)
		goto out_del_disk;

	err = device_create_file(disk_to_dev(disk), &dev_attr_sg_flags);
	if (err)
		goto out_del_disk;
	return 0;

out_del_disk:
	del_gendisk(disk);
	put_disk(disk);
out_free:
	kfree(sg_dev);
	return err;
}

static void __exit sg_exit(void)
{
	device_remove_file(disk_to_dev(sg_dev->disk), &dev_attr_sg_flags);
	del_gendisk(sg_dev->disk);
	put_disk(sg_dev->disk);
	kfree(sg_dev);
}

module_init(sg_init);
module_exit(sg_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk() on the add_disk() failure path
 * (--rule: this module init also fails after a disk went live, which
 * fail-after-add reports; see fail-after-add/fire-init-fails-after-unwind.c)
 * check-command: gendisk-lint --rule add-disk-fail-cleanup --kdir $KDIR $file
 *
 * check-output-start
fire-del-on-failed-add.c:67:2: warning: del_gendisk() after add_disk() failed: call put_disk() only [add-disk-fail-cleanup]
fire-del-on-failed-add.c:57:8: note: add_disk() failed on this path
fire-del-on-failed-add.c:46:9: note: 'disk' allocated here
 * check-output-end
 */
