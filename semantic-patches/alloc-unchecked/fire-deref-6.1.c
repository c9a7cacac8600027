// SPDX-License-Identifier: GPL-2.0
/*
 * alloc-unchecked, 6.1 API: blk_alloc_disk(node) (one argument) returns
 * NULL, blk_mq_alloc_disk(set, data) an ERR_PTR; the message names each.
 * gendisk-cocci-kernel: 6.1
 * Original note: blk_alloc_disk() dereferenced before
 * any check; blk_mq_alloc_disk() passed to set_capacity() before the check.
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
	dev->disk = blk_mq_alloc_disk(&dev->tag_set, dev);
	set_capacity(dev->disk, 2048);
	if (IS_ERR(dev->disk)) {
		blk_mq_free_tag_set(&dev->tag_set);
		return PTR_ERR(dev->disk);
	}
	return 0;
}

static int __init fx_init(void)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NUMA_NO_NODE);
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
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
