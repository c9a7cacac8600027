// SPDX-License-Identifier: GPL-2.0
/*
 * The right direction: the driver takes the disk's queue (dev->queue =
 * disk->queue), as virtio_blk does (vblk->disk->queue is read, never
 * written), and stores queuedata on it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct qd_dev {
	struct blk_mq_tag_set tag_set;
	struct request_queue *queue;
	struct gendisk *disk;
};

static struct qd_dev qd;

static blk_status_t qd_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops qd_mq_ops = {
	.queue_rq	= qd_queue_rq,
};

static const struct block_device_operations qd_fops = {
	.owner		= THIS_MODULE,
};

static int __init qd_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&qd.tag_set, &qd_mq_ops, 16, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&qd.tag_set, NULL, &qd);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	qd.queue = disk->queue;
	qd.queue->queuedata = &qd;
	disk->fops = &qd_fops;
	strscpy(disk->disk_name, "qd0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	qd.disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&qd.tag_set);
	return err;
}

static void __exit qd_exit(void)
{
	del_gendisk(qd.disk);
	put_disk(qd.disk);
	blk_mq_free_tag_set(&qd.tag_set);
}

module_init(qd_init);
module_exit(qd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: queue taken from the disk, not assigned to it
 */
