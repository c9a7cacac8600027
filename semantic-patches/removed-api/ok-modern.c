// SPDX-License-Identifier: GPL-2.0
/*
 * removed-api near miss: the 6.x equivalents (blk_mq_alloc_disk,
 * put_disk, blk_mq_alloc_queue + blk_mq_destroy_queue for a queue without
 * a disk) and a driver-local function whose name merely contains
 * "alloc_disk".
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set fx_set;
static struct gendisk *fx_disk;
static struct request_queue *fx_admin_q;

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

static struct gendisk *fx_alloc_disk(void)
{
	return blk_mq_alloc_disk(&fx_set, NULL, NULL);
}

static int __init fx_init(void)
{
	int err;

	err = blk_mq_alloc_sq_tag_set(&fx_set, &fx_mq_ops, 64, 0);
	if (err)
		return err;
	fx_admin_q = blk_mq_alloc_queue(&fx_set, NULL, NULL);
	if (IS_ERR(fx_admin_q)) {
		err = PTR_ERR(fx_admin_q);
		goto out_free_tags;
	}
	fx_disk = fx_alloc_disk();
	if (IS_ERR(fx_disk)) {
		err = PTR_ERR(fx_disk);
		goto out_queue;
	}
	fx_disk->fops = &fx_fops;
	strscpy(fx_disk->disk_name, "fx0", DISK_NAME_LEN);
	err = add_disk(fx_disk);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(fx_disk);
out_queue:
	blk_mq_destroy_queue(fx_admin_q);
	blk_put_queue(fx_admin_q);
out_free_tags:
	blk_mq_free_tag_set(&fx_set);
	return err;
}

static void __exit fx_exit(void)
{
	del_gendisk(fx_disk);
	put_disk(fx_disk);
	blk_mq_destroy_queue(fx_admin_q);
	blk_put_queue(fx_admin_q);
	blk_mq_free_tag_set(&fx_set);
}

module_init(fx_init);
module_exit(fx_exit);
MODULE_LICENSE("GPL");
