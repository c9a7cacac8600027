// SPDX-License-Identifier: GPL-2.0
/*
 * Module init that registers a dynamic major, then fails to allocate its
 * disk and returns without unregister_blkdev(): the major stays claimed
 * by an unloaded module (the next insmod's register_blkdev(0, "erp")
 * gets another one, /proc/devices keeps listing "erp").  The exit
 * function is right; the error path is not.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static int erp_major;
static struct gendisk *erp_disk;

static void erp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations erp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= erp_submit_bio,
};

static int __init erp_init(void)
{
	struct gendisk *disk;
	int err;

	erp_major = register_blkdev(0, "erp");
	if (erp_major < 0)
		return erp_major;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->major = erp_major;
	disk->first_minor = 0;
	disk->minors = 1;
	disk->fops = &erp_fops;
	strscpy(disk->disk_name, "erp0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		unregister_blkdev(erp_major, "erp");
		return err;
	}
	erp_disk = disk;
	return 0;
}

static void __exit erp_exit(void)
{
	del_gendisk(erp_disk);
	put_disk(erp_disk);
	unregister_blkdev(erp_major, "erp");
}

module_init(erp_init);
module_exit(erp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: error return after register_blkdev without unregister_blkdev
 *
 * check-output-start
fire-error-path.c:35:3: warning: major "erp" stays registered on this error path: unregister_blkdev() missing [blkdev-imbalance]
fire-error-path.c:30:14: note: major "erp" registered here
 * check-output-end
 */
