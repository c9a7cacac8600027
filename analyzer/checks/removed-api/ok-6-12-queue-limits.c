// SPDX-License-Identifier: GPL-2.0
/*
 * The 6.12 form: limits in a struct queue_limits at allocation, runtime
 * changes through queue_limits_start_update()/commit_update(), and the
 * one-argument blk_queue_write_cache(q) predicate, which is not the
 * removed 6.1 setter.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set ql_tags;
static struct gendisk *ql_disk;

static blk_status_t ql_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops ql_mq_ops = {
	.queue_rq	= ql_queue_rq,
};

static const struct block_device_operations ql_fops = {
	.owner		= THIS_MODULE,
};

static int ql_set_max_sectors(struct gendisk *disk, unsigned int max)
{
	struct queue_limits lim;

	lim = queue_limits_start_update(disk->queue);
	lim.max_hw_sectors = max;
	return queue_limits_commit_update(disk->queue, &lim);
}

static int __init ql_init(void)
{
	struct queue_limits lim = {
		.logical_block_size	= 4096,
		.max_hw_sectors		= 256,
		.features		= BLK_FEAT_WRITE_CACHE,
	};
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&ql_tags, &ql_mq_ops, 16, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&ql_tags, &lim, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	if (!blk_queue_write_cache(disk->queue))
		pr_warn("ql: write cache off\n");
	err = ql_set_max_sectors(disk, 128);
	if (err)
		goto out_put_disk;
	disk->fops = &ql_fops;
	strscpy(disk->disk_name, "ql0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	ql_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&ql_tags);
	return err;
}

static void __exit ql_exit(void)
{
	del_gendisk(ql_disk);
	put_disk(ql_disk);
	blk_mq_free_tag_set(&ql_tags);
}

module_init(ql_init);
module_exit(ql_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: 6.12 queue_limits and the blk_queue_write_cache predicate
 */
