// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: alloc_disk_node() first, then blk_alloc_queue_node() into
 * a local queue given to the disk, blk_queue_make_request() after: the
 * disk comes from blk_alloc_disk() on the same node, the local queue is
 * the disk's; the make_request function (defined before the fops)
 * becomes their ->submit_bio, its queue argument the bio's disk's.
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct fx_dev {
	struct gendisk *disk;
	int node;
	int err;
};

static int fx_handle(struct fx_dev *dev, struct bio *bio)
{
	return bio_data_dir(bio) == WRITE ? dev->err : 0;
}

static blk_qc_t fx_make_request(struct request_queue *q, struct bio *bio)
{
	struct fx_dev *dev = q->queuedata;

	if (!dev)
		return fx_handle(dev, bio);
	bio_endio(bio);
	return BLK_QC_T_NONE;
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

static int fx_disk_init(struct fx_dev *dev)
{
	struct gendisk *disk;
	struct request_queue *q;

	disk = alloc_disk_node(1, dev->node);
	if (!disk)
		return -ENOMEM;
	q = blk_alloc_queue_node(GFP_KERNEL, dev->node);
	if (!q)
		return -ENOMEM;
	disk->queue = q;
	q->queuedata = dev;
	blk_queue_make_request(q, fx_make_request);
	disk->fops = &fx_fops;
	disk->private_data = dev;
	dev->disk = disk;
	return 0;
}

int fx_init(struct fx_dev *dev);
int fx_init(struct fx_dev *dev)
{
	return fx_disk_init(dev);
}

MODULE_LICENSE("GPL");
