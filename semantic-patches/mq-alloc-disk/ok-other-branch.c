// SPDX-License-Identifier: GPL-2.0
/*
 * mq-alloc-disk: a driver with two queue modes, blk-mq in one branch and
 * a bio queue in the other, and one alloc_disk() after both.  The bio
 * branch reaches alloc_disk() without the blk-mq queue, so turning
 * alloc_disk() into "disk->minors = n" would leave that branch without
 * a disk: the chain is left alone.
 * gendisk-cocci: legacy input (alloc_disk and blk_alloc_queue are gone
 * before 6.1).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct ob_dev {
	struct blk_mq_tag_set set;
	struct request_queue *queue;
	struct gendisk *gd;
};

int ob_setup(struct ob_dev *dev, bool use_mq);
int ob_setup(struct ob_dev *dev, bool use_mq)
{
	if (use_mq) {
		dev->queue = blk_mq_init_queue(&dev->set);
		if (IS_ERR(dev->queue))
			return PTR_ERR(dev->queue);
	} else {
		dev->queue = blk_alloc_queue(NUMA_NO_NODE);
		if (!dev->queue)
			return -ENOMEM;
	}
	dev->gd = alloc_disk(1);
	if (!dev->gd)
		return -ENOMEM;
	dev->gd->queue = dev->queue;
	return 0;
}
