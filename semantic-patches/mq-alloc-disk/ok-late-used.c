// SPDX-License-Identifier: GPL-2.0
/*
 * mq-alloc-disk: near misses of the late shape (the disk allocated
 * where alloc_disk() was), left alone.  ul_setter() sets a limit on
 * the device's queue between the two allocations (it would run before
 * the queue exists); ul_alias() uses its local alias after storing it
 * (the alias would be left unset); ul_direct() allocates the queue
 * straight into the field and uses the disk pointer between the two
 * allocations.  removed-api reports each.
 * gendisk-cocci: legacy input (alloc_disk is gone before 6.1).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct ul_dev {
	struct blk_mq_tag_set set;
	struct request_queue *queue;
	struct gendisk *disk;
};

static int ul_setter(struct ul_dev *dev)
{
	struct request_queue *q = blk_mq_init_queue(&dev->set);
	struct gendisk *disk;

	if (IS_ERR(q))
		return PTR_ERR(q);
	dev->queue = q;
	blk_queue_logical_block_size(dev->queue, 4096);
	disk = alloc_disk(1);
	if (!disk)
		return -ENOMEM;
	disk->queue = dev->queue;
	dev->disk = disk;
	return 0;
}

static int ul_alias(struct ul_dev *dev)
{
	struct request_queue *q;

	q = blk_mq_init_queue(&dev->set);
	if (IS_ERR(q))
		return PTR_ERR(q);
	dev->queue = q;
	{
		struct gendisk *disk = alloc_disk(1);

		if (!disk)
			return -ENOMEM;
		disk->queue = q;
		dev->disk = disk;
	}
	return 0;
}

static int ul_direct(struct ul_dev *dev, struct gendisk *old)
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

int ul_probe(struct ul_dev *dev, struct gendisk *old, int how);
int ul_probe(struct ul_dev *dev, struct gendisk *old, int how)
{
	if (how == 0)
		return ul_setter(dev);
	if (how == 1)
		return ul_alias(dev);
	return ul_direct(dev, old);
}
