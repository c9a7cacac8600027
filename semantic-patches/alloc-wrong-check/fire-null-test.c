// SPDX-License-Identifier: GPL-2.0
/*
 * alloc-wrong-check: NULL tests of ERR_PTR-returning allocators on 6.12
 * (blk_alloc_disk, blk_mq_alloc_disk); patch mode turns them into IS_ERR().
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

static struct gendisk *fx_disk;
static struct fx_dev fx;

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

static int fx_add_mq(struct fx_dev *dev)
{
	int err;

	err = blk_mq_alloc_sq_tag_set(&dev->tag_set, &fx_mq_ops, 64, 0);
	if (err)
		return err;
	dev->disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (dev->disk == NULL) {
		blk_mq_free_tag_set(&dev->tag_set);
		return -ENOMEM;
	}
	return 0;
}

static int __init fx_init(void)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (!disk)
		return -ENOMEM;
	disk->fops = &fx_fops;
	fx_disk = disk;
	return fx_add_mq(&fx);
}

static void __exit fx_exit(void)
{
	put_disk(fx.disk);
	blk_mq_free_tag_set(&fx.tag_set);
	put_disk(fx_disk);
}

module_init(fx_init);
module_exit(fx_exit);

MODULE_LICENSE("GPL");
