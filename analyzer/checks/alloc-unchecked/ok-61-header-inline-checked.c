// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-61-header-inline.c: the header's wrapper checks
 * blk_alloc_disk()'s NULL before it touches disk->queue.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include "sbd_alloc_checked.h"

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
 * check-name: 6.1 header wrapper checks before use
 * check-kernel: 6.1
 */
