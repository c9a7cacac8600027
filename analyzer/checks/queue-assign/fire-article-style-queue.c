// SPDX-License-Identifier: GPL-2.0
/*
 * The 2.6 article's order carried over to blk_mq_alloc_disk(): the driver
 * allocates its own request queue, then the disk, and points the disk at
 * its queue.  The disk's own queue leaks, and disk_release() puts a queue
 * reference it never took.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct aq_dev {
	struct blk_mq_tag_set tag_set;
	struct request_queue *queue;
	struct gendisk *disk;
};

static struct aq_dev aq;

static blk_status_t aq_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops aq_mq_ops = {
	.queue_rq	= aq_queue_rq,
};

static const struct block_device_operations aq_fops = {
	.owner		= THIS_MODULE,
};

static int __init aq_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&aq.tag_set, &aq_mq_ops, 16, 0);
	if (err)
		return err;
	aq.queue = blk_mq_alloc_queue(&aq.tag_set, NULL, &aq);
	if (IS_ERR(aq.queue)) {
		err = PTR_ERR(aq.queue);
		goto out_free_tags;
	}
	disk = blk_mq_alloc_disk(&aq.tag_set, NULL, &aq);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_destroy_queue;
	}
	disk->queue = aq.queue;
	disk->fops = &aq_fops;
	strscpy(disk->disk_name, "aq0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	aq.disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_destroy_queue:
	blk_mq_destroy_queue(aq.queue);
	blk_put_queue(aq.queue);
out_free_tags:
	blk_mq_free_tag_set(&aq.tag_set);
	return err;
}

static void __exit aq_exit(void)
{
	del_gendisk(aq.disk);
	put_disk(aq.disk);
	blk_mq_destroy_queue(aq.queue);
	blk_put_queue(aq.queue);
	blk_mq_free_tag_set(&aq.tag_set);
}

module_init(aq_init);
module_exit(aq_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: own queue assigned to a blk_mq_alloc_disk disk
 *
 * check-output-start
fire-article-style-queue.c:53:2: warning: 'disk->queue' assigned on a disk from blk_mq_alloc_disk(), which owns its queue: the allocated queue leaks and put_disk() puts this one [queue-assign]
fire-article-style-queue.c:48:9: note: 'disk' allocated here
 * check-output-end
 */
