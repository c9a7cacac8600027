// SPDX-License-Identifier: GPL-2.0
/*
 * A failure after add_disk() unwinds with put_disk() alone: the disk is
 * still registered, the class keeps its reference, and it leaks live in
 * /sys/block.  (The return after it is also a fail-after-add finding;
 * this fixture checks put-before-del only.)
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/sysfs.h>

static struct gendisk *pu_disk;

static ssize_t pu_mode_show(struct device *dev,
			    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "ram\n");
}
static DEVICE_ATTR_RO(pu_mode);

static void pu_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations pu_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= pu_submit_bio,
};

static int __init pu_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &pu_fops;
	strscpy(disk->disk_name, "pu0", DISK_NAME_LEN);
	set_capacity(disk, 2048);

	err = add_disk(disk);
	if (err)
		goto out_put_disk;

	err = device_create_file(disk_to_dev(disk), &dev_attr_pu_mode);
	if (err)
		goto out_put_disk;

	pu_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
	return err;
}

static void __exit pu_exit(void)
{
	device_remove_file(disk_to_dev(pu_disk), &dev_attr_pu_mode);
	del_gendisk(pu_disk);
	put_disk(pu_disk);
}

module_init(pu_init);
module_exit(pu_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: put_disk() without del_gendisk() on a post-add failure
 * check-command: gendisk-lint --rule put-before-del --kdir $KDIR $file
 *
 * check-output-start
fire-unwind-put-only.c:55:2: warning: put_disk() on 'disk' while it is still added: call del_gendisk() first [put-before-del]
fire-unwind-put-only.c:43:8: note: add_disk() succeeded here
 * check-output-end
 */
