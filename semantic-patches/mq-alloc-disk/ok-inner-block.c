// SPDX-License-Identifier: GPL-2.0
/*
 * mq-alloc-disk: near misses left alone.  oz_add() keeps the queue in
 * the device but declares the disk in an inner block, with its
 * allocation (no disk pointer exists where the queue is allocated);
 * oz_add2() uses the disk pointer between the two allocations.  The
 * input builds on 6.1 (blk_mq_init_queue() is still there) except for
 * alloc_disk().
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

static int oz_add2(struct oz_dev *dev, struct gendisk *old)
{
	dev->queue = blk_mq_init_queue(&dev->set);
	if (IS_ERR(dev->queue))
		return PTR_ERR(dev->queue);
	dev->disk = old;
	if (dev->disk)
		return -EBUSY;
	dev->disk = alloc_disk(1);
	if (!dev->disk)
		return -ENOMEM;
	dev->disk->queue = dev->queue;
	return 0;
}

int oz_probe(struct oz_dev *dev, struct gendisk *old);
int oz_probe(struct oz_dev *dev, struct gendisk *old)
{
	return old ? oz_add2(dev, old) : oz_add(dev);
}
