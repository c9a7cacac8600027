// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: near miss.  A 6.x ->submit_bio driver with a helper
 * that takes (struct request_queue *, struct bio *) but is no
 * make_request function (nothing passes it to blk_queue_make_request()
 * or blk_alloc_queue()), and a ->queuedata set: nothing to port.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *fx_disk;
static unsigned long fx_ios;

static void fx_account(struct request_queue *q, struct bio *bio)
{
	if (q->queuedata)
		fx_ios += bio_sectors(bio);
}

static void fx_submit_bio(struct bio *bio)
{
	fx_account(bio->bi_bdev->bd_disk->queue, bio);
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static int __init fx_init(void)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->queue->queuedata = &fx_ios;
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	fx_disk = disk;
	return 0;
}

module_init(fx_init);
MODULE_LICENSE("GPL");
