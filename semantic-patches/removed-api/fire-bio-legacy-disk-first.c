// SPDX-License-Identifier: GPL-2.0
/*
 * removed-api: the disk allocated before the queue (alloc_disk_node(),
 * then blk_alloc_queue(node), with the limits queue-limits moved before
 * the queue allocation), and the queue variable used after
 * disk->queue = q: the disk is allocated where the queue was, with
 * &lim, and q becomes an alias of the disk's queue.
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct fx_dev {
	struct gendisk *disk;
	int node;
};

static struct fx_dev fx_dev;

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static int fx_disk_init(struct fx_dev *dev)
{
	struct queue_limits lim = {};
	struct gendisk *disk;
	struct request_queue *q;

	disk = alloc_disk_node(1, dev->node);
	if (!disk)
		return -ENOMEM;
	lim.logical_block_size = 4096;
	q = blk_alloc_queue(dev->node);
	if (!q) {
		put_disk(disk);
		return -ENOMEM;
	}
	disk->queue = q;
	q->queuedata = dev;
	dev->disk = disk;
	disk->fops = &fx_fops;
	disk->private_data = dev;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	return add_disk(disk);
}

static int __init fx_init(void)
{
	fx_dev.node = NUMA_NO_NODE;
	return fx_disk_init(&fx_dev);
}

module_init(fx_init);
MODULE_LICENSE("GPL");
