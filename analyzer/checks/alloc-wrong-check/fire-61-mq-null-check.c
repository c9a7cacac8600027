// SPDX-License-Identifier: GPL-2.0
/*
 * Linux 6.1 blk_mq_alloc_disk(set, queuedata) also returns an ERR_PTR on
 * failure (blk-mq.c:4207/4213 of 6.1); a NULL test is wrong on 6.1 too.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set mqx_set;
static struct gendisk *mqx_disk;

static blk_status_t mqx_queue_rq(struct blk_mq_hw_ctx *hctx,
				 const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops mqx_mq_ops = {
	.queue_rq	= mqx_queue_rq,
};

static const struct block_device_operations mqx_fops = {
	.owner		= THIS_MODULE,
};

static int __init mqx_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&mqx_set, &mqx_mq_ops, 64,
				      BLK_MQ_F_SHOULD_MERGE);
	if (err)
		return err;

	disk = blk_mq_alloc_disk(&mqx_set, NULL);
	if (!disk) {
		err = -ENOMEM;
		goto out_free_tags;
	}
	blk_queue_logical_block_size(disk->queue, 512);
	disk->fops = &mqx_fops;
	strscpy(disk->disk_name, "mqx0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);

	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	mqx_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&mqx_set);
	return err;
}

static void __exit mqx_exit(void)
{
	del_gendisk(mqx_disk);
	put_disk(mqx_disk);
	blk_mq_free_tag_set(&mqx_set);
}

module_init(mqx_init);
module_exit(mqx_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: NULL check on 6.1 blk_mq_alloc_disk() (ERR_PTR on 6.1 too)
 * check-kernel: 6.1
 *
 * check-output-start
fire-61-mq-null-check.c:40:6: error: IS_ERR() missing: blk_mq_alloc_disk() returns an ERR_PTR on failure, never NULL, so this test lets it through and the error pointer is dereferenced: use IS_ERR() [alloc-wrong-check]
fire-61-mq-null-check.c:39:9: note: 'disk' allocated here
 * check-output-end
 */
