// SPDX-License-Identifier: GPL-2.0
/*
 * Pre-5.16 style: add_disk() was void and drivers called it as a
 * statement.  Since 5.16 it is __must_check; the result here is dropped
 * (the upstream series "block: add error handling for add_disk()" fixed
 * dozens of such call sites).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *old_disk;

static void old_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations old_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= old_submit_bio,
};

static int __init old_init(void)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &old_fops;
	strscpy(disk->disk_name, "old0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	old_disk = disk;
	add_disk(disk);
	return 0;
}

static void __exit old_exit(void)
{
	del_gendisk(old_disk);
	put_disk(old_disk);
}

module_init(old_init);
module_exit(old_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: add_disk() called as a statement
 *
 * check-output-start
fire-ignored.c:35:2: warning: return value of add_disk() is ignored [add-disk-unchecked]
 * check-output-end
 */
