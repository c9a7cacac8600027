// SPDX-License-Identifier: GPL-2.0
/*
 * Writing back the disk's own queue, as drivers/block/sunvdc.c
 * (q = g->queue; ... g->queue = q;) and drivers/mtd/mtd_blkdevs.c
 * (new->rq = new->disk->queue; ... gd->queue = new->rq;) do in 6.12:
 * redundant, harmless, not reported.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct wb_dev {
	struct blk_mq_tag_set tag_set;
	struct request_queue *queue;
	struct gendisk *disk;
};

static struct wb_dev wb;

static blk_status_t wb_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops wb_mq_ops = {
	.queue_rq	= wb_queue_rq,
};

static const struct block_device_operations wb_fops = {
	.owner		= THIS_MODULE,
};

static int __init wb_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&wb.tag_set, &wb_mq_ops, 16, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&wb.tag_set, NULL, &wb);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	wb.disk = disk;
	wb.queue = wb.disk->queue;
	disk->fops = &wb_fops;
	disk->queue = wb.queue;
	strscpy(disk->disk_name, "wb0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	wb.disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&wb.tag_set);
	return err;
}

static void __exit wb_exit(void)
{
	del_gendisk(wb.disk);
	put_disk(wb.disk);
	blk_mq_free_tag_set(&wb.tag_set);
}

module_init(wb_init);
module_exit(wb_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: the disk's own queue written back
 */
