// SPDX-License-Identifier: GPL-2.0
/*
 * Linux 6.1: the driver's compat header tests 6.1's NULL-returning blk_alloc_disk() with IS_ERR(): the wrong check is inside the header, reported at its call in this file.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include "wdk_compat_is_err.h"

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
 * check-name: IS_ERR() on 6.1 blk_alloc_disk() in a static inline function of the driver's header
 * check-kernel: 6.1
 *
 * check-output-start
fire-61-header-inline.c:26:9: error: blk_alloc_disk() returns NULL on failure on Linux 6.1: IS_ERR() misses it in wdk_alloc_disk() at wdk_compat_is_err.h:17:6 (allocated at line 16) [alloc-wrong-check]
 * check-output-end
 */
