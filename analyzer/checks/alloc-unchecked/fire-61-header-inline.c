// SPDX-License-Identifier: GPL-2.0
/*
 * Linux 6.1: the driver's compat header wraps blk_alloc_disk() in a static
 * inline function that uses disk->queue before the NULL check (the
 * seeded alloc-unchecked bug of gdram_compat.h).  The caller checks the
 * wrapper's ERR_PTR correctly: the bug is inside the header, reported at
 * the call in this file.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include "sbd_alloc_unchecked.h"

static struct gendisk *sbd_disk;

static void sbd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations sbd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= sbd_submit_bio,
};

static int __init sbd_init(void)
{
	struct gendisk *disk;
	int err;

	disk = sbd_alloc_disk(4096, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &sbd_fops;
	strscpy(disk->disk_name, "sbd0", DISK_NAME_LEN);
	set_capacity(disk, 2048);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	sbd_disk = disk;
	return 0;
}

static void __exit sbd_exit(void)
{
	del_gendisk(sbd_disk);
	put_disk(sbd_disk);
}

module_init(sbd_init);
module_exit(sbd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: 6.1 allocation used unchecked in a static inline function of the driver's header
 * check-kernel: 6.1
 *
 * check-output-start
fire-61-header-inline.c:30:9: warning: 'disk' may be NULL in sbd_alloc_disk() at sbd_alloc_unchecked.h:16:31 (allocated at line 15): result of blk_alloc_disk() is not checked [alloc-unchecked]
 * check-output-end
 */
