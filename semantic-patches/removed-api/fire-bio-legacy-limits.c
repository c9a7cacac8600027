// SPDX-License-Identifier: GPL-2.0
/*
 * removed-api: a 5.x bio-based driver whose blk_queue_*() setters
 * queue-limits.cocci has already moved into "struct queue_limits lim":
 * the blk_alloc_disk() that replaces blk_alloc_queue() + alloc_disk()
 * is given &lim.
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *fx_disk;

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static int __init fx_init(void)
{
	struct queue_limits lim = {};
	struct request_queue *q;
	struct gendisk *disk;
	int err = -ENOMEM;

	lim.logical_block_size = 4096;
	q = blk_alloc_queue(NUMA_NO_NODE);
	if (!q)
		return err;
	disk = alloc_disk(1);
	if (!disk)
		goto out_queue;
	disk->queue = q;
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	fx_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_queue:
	blk_cleanup_queue(q);
	return err;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx_disk);
	put_disk(fx_disk);
}

module_init(fx_init);
module_exit(fx_exit);
MODULE_LICENSE("GPL");
