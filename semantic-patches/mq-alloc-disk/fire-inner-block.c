// SPDX-License-Identifier: GPL-2.0
/*
 * mq-alloc-disk: oz_add() keeps the queue in the device through a
 * local alias declared in a block of its own, and declares the disk in
 * another block, with its allocation (no disk pointer exists where the
 * queue is allocated; nothing uses the queue before alloc_disk()): the
 * disk is allocated where alloc_disk() was, the queue's block goes.
 * The input builds on 6.1 (blk_mq_init_queue() is still there) except
 * for alloc_disk().
 * gendisk-cocci: legacy input (alloc_disk is gone before 6.1).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct oz_dev {
	struct blk_mq_tag_set set;
	struct request_queue *queue;
	struct gendisk *disk;
};

static int oz_add(struct oz_dev *dev)
{
	int ret = 0;

	do {
		{
			struct request_queue *q = blk_mq_init_queue(&dev->set);

			if (IS_ERR(q)) {
				ret = PTR_ERR(q);
				break;
			}
			dev->queue = q;
		}
		{
			struct gendisk *disk = alloc_disk(1);

			if (!disk) {
				ret = -ENOMEM;
				break;
			}
			disk->queue = dev->queue;
			dev->disk = disk;
		}
	} while (0);
	return ret;
}

int oz_probe(struct oz_dev *dev);
int oz_probe(struct oz_dev *dev)
{
	return oz_add(dev);
}
