// SPDX-License-Identifier: GPL-2.0
/*
 * null_blk-like device add (drivers/block/null_blk/main.c null_add_dev()
 * shape) that tests blk_mq_alloc_disk() against NULL.  The allocator
 * returns an ERR_PTR on failure, so the check never triggers.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

struct nullx {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	char disk_name[DISK_NAME_LEN];
};

static struct nullx *nullx_dev;

static blk_status_t nullx_queue_rq(struct blk_mq_hw_ctx *hctx,
				   const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops nullx_mq_ops = {
	.queue_rq	= nullx_queue_rq,
};

static const struct block_device_operations nullx_fops = {
	.owner		= THIS_MODULE,
};

static int nullx_add_dev(void)
{
	struct queue_limits lim = {
		.logical_block_size	= 512,
		.physical_block_size	= 512,
	};
	struct nullx *nullb;
	int rv;

	nullb = kzalloc(sizeof(*nullb), GFP_KERNEL);
	if (!nullb) {
		rv = -ENOMEM;
		goto out;
	}

	rv = blk_mq_alloc_sq_tag_set(&nullb->tag_set, &nullx_mq_ops, 256,
				     BLK_MQ_F_SHOULD_MERGE);
	if (rv)
		goto out_free_nullb;

	nullb->disk = blk_mq_alloc_disk(&nullb->tag_set, &lim, nullb);
	if (!nullb->disk) {
		rv = -ENOMEM;
		goto out_cleanup_tags;
	}

	snprintf(nullb->disk_name, sizeof(nullb->disk_name), "nullx0");
	set_capacity(nullb->disk, SZ_1G >> SECTOR_SHIFT);
	nullb->disk->fops = &nullx_fops;
	nullb->disk->private_data = nullb;
	strscpy_pad(nullb->disk->disk_name, nullb->disk_name, DISK_NAME_LEN);

	rv = add_disk(nullb->disk);
	if (rv)
		goto out_cleanup_disk;

	nullx_dev = nullb;
	return 0;

out_cleanup_disk:
	put_disk(nullb->disk);
out_cleanup_tags:
	blk_mq_free_tag_set(&nullb->tag_set);
out_free_nullb:
	kfree(nullb);
out:
	return rv;
}

static int __init nullx_init(void)
{
	return nullx_add_dev();
}

static void __exit nullx_exit(void)
{
	del_gendisk(nullx_dev->disk);
	put_disk(nullx_dev->disk);
	blk_mq_free_tag_set(&nullx_dev->tag_set);
	kfree(nullx_dev);
}

module_init(nullx_init);
module_exit(nullx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: NULL check on blk_mq_alloc_disk() (ERR_PTR-returning)
 *
 * check-output-start
fire-null-blk-mq-null-check.c:57:6: error: IS_ERR() missing: blk_mq_alloc_disk() returns an ERR_PTR on failure, never NULL, so this test lets it through and the error pointer is dereferenced: use IS_ERR() [alloc-wrong-check]
fire-null-blk-mq-null-check.c:56:16: note: 'nullb->disk' allocated here
 * check-output-end
 */
