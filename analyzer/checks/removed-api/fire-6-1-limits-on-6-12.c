// SPDX-License-Identifier: GPL-2.0
/*
 * A 6.1 blk-mq driver (limits set on disk->queue after allocation, as
 * virtio_blk did in 6.1) checked for a port to 6.12: every setter is
 * gone there, blk_queue_write_cache(q, wc, fua) became a predicate, and
 * the separate-queue helper blk_mq_init_queue() is now blk_mq_alloc_queue().
 * Compiles against the 6.1 headers; analysed with --kernel 6.12.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set lim_tags;
static struct gendisk *lim_disk;
static struct request_queue *lim_admin_q;

static blk_status_t lim_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops lim_mq_ops = {
	.queue_rq	= lim_queue_rq,
};

static const struct block_device_operations lim_fops = {
	.owner		= THIS_MODULE,
};

static int __init lim_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&lim_tags, &lim_mq_ops, 16, BLK_MQ_F_SHOULD_MERGE);
	if (err)
		return err;
	lim_admin_q = blk_mq_init_queue(&lim_tags);
	if (IS_ERR(lim_admin_q)) {
		err = PTR_ERR(lim_admin_q);
		goto out_free_tags;
	}
	disk = blk_mq_alloc_disk(&lim_tags, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_destroy_admin;
	}
	blk_queue_logical_block_size(disk->queue, 4096);
	blk_queue_max_hw_sectors(disk->queue, 256);
	blk_queue_write_cache(disk->queue, true, false);
	disk->fops = &lim_fops;
	strscpy(disk->disk_name, "lim0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	lim_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_destroy_admin:
	blk_mq_destroy_queue(lim_admin_q);
	blk_put_queue(lim_admin_q);
out_free_tags:
	blk_mq_free_tag_set(&lim_tags);
	return err;
}

static void __exit lim_exit(void)
{
	del_gendisk(lim_disk);
	put_disk(lim_disk);
	blk_mq_destroy_queue(lim_admin_q);
	blk_put_queue(lim_admin_q);
	blk_mq_free_tag_set(&lim_tags);
}

module_init(lim_init);
module_exit(lim_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: 6.1 queue setters and blk_mq_init_queue, target 6.12
 * check-kernel: 6.1
 * check-command: gendisk-lint --kernel 6.12 --kdir $KDIR $file
 *
 * check-output-start
fire-6-1-limits-on-6-12.c:40:16: warning: blk_mq_init_queue() does not exist on Linux 6.12 (6.1 had it): use blk_mq_alloc_queue(set, &lim, queuedata), or blk_mq_alloc_disk() for a disk [removed-api]
fire-6-1-limits-on-6-12.c:50:2: warning: blk_queue_logical_block_size() does not exist on Linux 6.12 (6.1 had it): use lim.logical_block_size: set it in the struct queue_limits passed to blk_alloc_disk()/blk_mq_alloc_disk() (at runtime: queue_limits_start_update() + queue_limits_commit_update()) [removed-api]
fire-6-1-limits-on-6-12.c:51:2: warning: blk_queue_max_hw_sectors() does not exist on Linux 6.12 (6.1 had it): use lim.max_hw_sectors: set it in the struct queue_limits passed to blk_alloc_disk()/blk_mq_alloc_disk() (at runtime: queue_limits_start_update() + queue_limits_commit_update()) [removed-api]
fire-6-1-limits-on-6-12.c:52:2: warning: blk_queue_write_cache(q, wc, fua) does not exist on Linux 6.12 (6.12's blk_queue_write_cache(q) is a predicate): use lim.features |= BLK_FEAT_WRITE_CACHE (| BLK_FEAT_FUA): set it in the struct queue_limits passed to blk_alloc_disk()/blk_mq_alloc_disk() (at runtime: queue_limits_start_update() + queue_limits_commit_update()) [removed-api]
 * check-output-end
 */
