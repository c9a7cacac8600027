// SPDX-License-Identifier: GPL-2.0
/*
 * make-request: a 5.0-5.6 bio driver -- blk_alloc_queue(GFP_KERNEL) kept
 * in the device, blk_queue_make_request(), then alloc_disk() into two
 * pointers -- becomes a disk from blk_alloc_disk() whose fops name the
 * old make_request function as ->submit_bio (defined after the fops:
 * a prototype goes before them).
 * gendisk-cocci-kernel: 6.1
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>
#include "../gendisk_port_compat.h"

struct fx_dev {
	struct request_queue *queue;
	struct gendisk *gd;
	unsigned long hits;
};

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

static blk_qc_t fx_make_request(struct request_queue *q, struct bio *bio)
{
	struct fx_dev *dev = q->queuedata;

	if (bio_op(bio) == REQ_OP_DISCARD) {
		bio_io_error(bio);
		return BLK_QC_T_NONE;
	}
	dev->hits++;
	bio_endio(bio);
	return BLK_QC_T_NONE;
}

static struct fx_dev *fx_alloc(int minors)
{
	struct fx_dev *dev;
	struct gendisk *disk;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return NULL;
	dev->queue = blk_alloc_queue(GFP_KERNEL);
	if (!dev->queue)
		goto out_free_dev;
	blk_queue_make_request(dev->queue, fx_make_request);
	dev->queue->queuedata = dev;
	disk = dev->gd = alloc_disk(minors);
	if (!disk)
		goto out_free_queue;
	disk->fops = &fx_fops;
	disk->queue = dev->queue;
	disk->private_data = dev;
	set_capacity(disk, 2048);
	return dev;

out_free_queue:
	blk_cleanup_queue(dev->queue);
out_free_dev:
	kfree(dev);
	return NULL;
}

struct fx_dev *fx_get(void);
struct fx_dev *fx_get(void)
{
	return fx_alloc(1);
}

MODULE_LICENSE("GPL");
