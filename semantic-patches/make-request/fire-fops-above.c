// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: the fops are defined above the make_request function
 * and nothing declares it before them: ".submit_bio = fn" needs a
 * prototype (static, as the function), which goes before the fops.
 * The disk is reached through the device (dev->disk->fops).
 * The 5.x functions later rules remove are declared below so that the
 * result compiles against 6.1.
 * gendisk-cocci: legacy input (uses API removed before 6.1)
 * gendisk-cocci-kernel: 6.1
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct request_queue *blk_alloc_queue(int node);
struct gendisk *alloc_disk(int minors);

struct fx_dev {
	struct gendisk *disk;
	struct request_queue *queue;
};

static struct fx_dev fx_dev;

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

static int __init fx_init(void)
{
	fx_dev.queue = blk_alloc_queue(GFP_NOIO);
	if (!fx_dev.queue)
		return -ENOMEM;
	blk_queue_make_request(fx_dev.queue, fx_handle_bio);
	fx_dev.disk = alloc_disk(1);
	if (!fx_dev.disk)
		return -ENOMEM;
	fx_dev.disk->queue = fx_dev.queue;
	fx_dev.disk->fops = &fx_fops;
	return 0;
}

static void fx_handle_bio(struct request_queue *q, struct bio *bio)
{
	bio_endio(bio);
}

module_init(fx_init);
MODULE_LICENSE("GPL");
