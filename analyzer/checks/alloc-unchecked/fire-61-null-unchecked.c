// SPDX-License-Identifier: GPL-2.0
/*
 * Linux 6.1 shape: blk_alloc_disk(node) returns NULL on failure, and the
 * driver hands disk->queue to the queue-limit setters before checking it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

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

	disk = blk_alloc_disk(NUMA_NO_NODE);
	blk_queue_logical_block_size(disk->queue, 4096);
	blk_queue_flag_set(QUEUE_FLAG_NONROT, disk->queue);

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
 * check-name: 6.1 blk_alloc_disk() may be NULL, used unchecked
 * check-kernel: 6.1
 *
 * check-output-start
fire-61-null-unchecked.c:27:31: warning: 'disk' may be NULL here: result of blk_alloc_disk() is not checked [alloc-unchecked]
fire-61-null-unchecked.c:26:9: note: 'disk' allocated here
 * check-output-end
 */
