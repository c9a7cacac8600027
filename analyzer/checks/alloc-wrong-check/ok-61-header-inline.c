// SPDX-License-Identifier: GPL-2.0
/*
 * Linux 6.1: the same driver whose compat header tests 6.1's blk_alloc_disk() for NULL and returns an ERR_PTR, which the caller tests with IS_ERR(): both checks are right.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include "wdk_compat_null.h"

static struct gendisk *wdk_disk;

static void wdk_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations wdk_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= wdk_submit_bio,
};

static int __init wdk_init(void)
{
	struct gendisk *disk;
	int err;

	disk = wdk_alloc_disk(NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &wdk_fops;
	strscpy(disk->disk_name, "wdk0", DISK_NAME_LEN);
	set_capacity(disk, 2048);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	wdk_disk = disk;
	return 0;
}

static void __exit wdk_exit(void)
{
	del_gendisk(wdk_disk);
	put_disk(wdk_disk);
}

module_init(wdk_init);
module_exit(wdk_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: 6.1 NULL check in the driver's header, IS_ERR() on the wrapper's ERR_PTR in the caller
 * check-kernel: 6.1
 *
 * check-output-start
 * check-output-end
 */
