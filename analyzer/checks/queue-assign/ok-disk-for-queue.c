// SPDX-License-Identifier: GPL-2.0
/*
 * blk_mq_alloc_disk_for_queue(): the disk is made for the driver's
 * queue and does not own it; the driver tears the queue down itself (as
 * drivers/scsi/sd.c does with the SCSI device's queue).  A bio field named
 * queue in another struct is unrelated.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct fq_dev {
	struct blk_mq_tag_set tag_set;
	struct request_queue *queue;
	struct gendisk *disk;
};

struct fq_ctx {
	struct request_queue *queue;
};

static struct fq_dev fq;
static struct fq_ctx fq_ctx;
static struct lock_class_key fq_key;

static blk_status_t fq_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops fq_mq_ops = {
	.queue_rq	= fq_queue_rq,
};

static const struct block_device_operations fq_fops = {
	.owner		= THIS_MODULE,
};

static int __init fq_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&fq.tag_set, &fq_mq_ops, 16, 0);
	if (err)
		return err;
	fq.queue = blk_mq_alloc_queue(&fq.tag_set, NULL, &fq);
	if (IS_ERR(fq.queue)) {
		err = PTR_ERR(fq.queue);
		goto out_free_tags;
	}
	fq_ctx.queue = fq.queue;
	disk = blk_mq_alloc_disk_for_queue(fq.queue, &fq_key);
	if (!disk) {
		err = -ENOMEM;
		goto out_destroy_queue;
	}
	disk->fops = &fq_fops;
	strscpy(disk->disk_name, "fq0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	fq.disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_destroy_queue:
	blk_mq_destroy_queue(fq.queue);
	blk_put_queue(fq.queue);
out_free_tags:
	blk_mq_free_tag_set(&fq.tag_set);
	return err;
}

static void __exit fq_exit(void)
{
	del_gendisk(fq.disk);
	put_disk(fq.disk);
	blk_mq_destroy_queue(fq.queue);
	blk_put_queue(fq.queue);
	blk_mq_free_tag_set(&fq.tag_set);
}

module_init(fq_init);
module_exit(fq_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: blk_mq_alloc_disk_for_queue keeps the driver's queue
 */
