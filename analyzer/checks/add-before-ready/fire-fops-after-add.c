// SPDX-License-Identifier: GPL-2.0
/*
 * Setup done in the wrong order: add_disk() runs before fops and the name
 * are set (as if add_disk only "registered" the disk, as a reading of the
 * 2.6 article's later sections might suggest).  device_add_disk()
 * dereferences disk->fops at once: a NULL pointer oops.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *late_disk;

static void late_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations late_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= late_submit_bio,
};

static int __init late_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	disk->fops = &late_fops;
	strscpy(disk->disk_name, "late0", DISK_NAME_LEN);
	late_disk = disk;
	return 0;
}

static void __exit late_exit(void)
{
	del_gendisk(late_disk);
	put_disk(late_disk);
}

module_init(late_init);
module_exit(late_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: fops and name set after add_disk
 *
 * check-output-start
fire-fops-after-add.c:33:8: warning: add_disk() of 'disk' before its fops are set: device_add_disk() dereferences disk->fops (NULL pointer oops) [add-before-ready]
fire-fops-after-add.c:28:9: note: 'disk' allocated here
 * check-output-end
 */
