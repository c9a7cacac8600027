// SPDX-License-Identifier: GPL-2.0
/*
 * use-after-put: private_data and the queue read after put_disk().
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

struct fx_dev {
	struct gendisk *disk;
	struct blk_mq_tag_set tag_set;
};

static struct fx_dev *fx;

static void fx_remove(struct gendisk *disk)
{
	struct fx_dev *dev;

	del_gendisk(disk);
	put_disk(disk);
	dev = disk->private_data;
	kfree(dev);
}

static void fx_remove_mq(struct fx_dev *dev)
{
	del_gendisk(dev->disk);
	put_disk(dev->disk);
	blk_mq_unfreeze_queue(dev->disk->queue);
	blk_mq_free_tag_set(&dev->tag_set);
}

static int __init fx_init(void)
{
	fx = kzalloc(sizeof(*fx), GFP_KERNEL);
	return fx ? 0 : -ENOMEM;
}

static void __exit fx_exit(void)
{
	if (fx->disk->queue->mq_ops)
		fx_remove_mq(fx);
	else
		fx_remove(fx->disk);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
