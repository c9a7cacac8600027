// SPDX-License-Identifier: GPL-2.0
/*
 * removed-api: a 5.x blk-mq driver (blk_mq_init_queue + queuedata +
 * alloc_disk, blk_cleanup_disk in remove) ported by patch mode to
 * blk_mq_alloc_disk on 6.12.
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

struct fx_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct fx_dev *fx;

static blk_status_t fx_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops fx_mq_ops = {
	.queue_rq	= fx_queue_rq,
};

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
};

static int fx_add(struct fx_dev *dev)
{
	struct request_queue *q;
	int err;

	err = blk_mq_alloc_sq_tag_set(&dev->tag_set, &fx_mq_ops, 64, 0);
	if (err)
		return err;
	q = blk_mq_init_queue(&dev->tag_set);
	if (IS_ERR(q)) {
		err = PTR_ERR(q);
		goto out_free_tags;
	}
	q->queuedata = dev;
	dev->disk = alloc_disk(1);
	if (!dev->disk) {
		err = -ENOMEM;
		goto out_cleanup_queue;
	}
	dev->disk->queue = q;
	dev->disk->fops = &fx_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "fxmq0", DISK_NAME_LEN);
	err = add_disk(dev->disk);
	if (err)
		goto out_cleanup_disk;
	return 0;

out_cleanup_disk:
	blk_cleanup_disk(dev->disk);
	goto out_free_tags;
out_cleanup_queue:
	blk_cleanup_queue(q);
out_free_tags:
	blk_mq_free_tag_set(&dev->tag_set);
	return err;
}

static int __init fx_init(void)
{
	int err;

	fx = kzalloc(sizeof(*fx), GFP_KERNEL);
	if (!fx)
		return -ENOMEM;
	err = fx_add(fx);
	if (err)
		kfree(fx);
	return err;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx->disk);
	blk_cleanup_disk(fx->disk);
	blk_mq_free_tag_set(&fx->tag_set);
	kfree(fx);
}

module_init(fx_init);
module_exit(fx_exit);
MODULE_LICENSE("GPL");
