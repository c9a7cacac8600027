// SPDX-License-Identifier: GPL-2.0
/*
 * An error-unwinding ladder in the wrong order: the tag-set label comes
 * first, so when add_disk() fails the tag set is freed while the
 * never-added disk's queue still references it, and put_disk() then
 * tears the queue down on freed tags.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct lad_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct lad_dev lad;

static blk_status_t lad_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops lad_mq_ops = {
	.queue_rq	= lad_queue_rq,
};

static const struct block_device_operations lad_fops = {
	.owner		= THIS_MODULE,
};

static int __init lad_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&lad.tag_set, &lad_mq_ops, 16, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&lad.tag_set, NULL, &lad);
	if (IS_ERR(disk)) {
		blk_mq_free_tag_set(&lad.tag_set);
		return PTR_ERR(disk);
	}
	disk->fops = &lad_fops;
	strscpy(disk->disk_name, "lad0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		blk_mq_free_tag_set(&lad.tag_set);
		put_disk(disk);
		return err;
	}
	lad.disk = disk;
	return 0;
}

static void __exit lad_exit(void)
{
	del_gendisk(lad.disk);
	put_disk(lad.disk);
	blk_mq_free_tag_set(&lad.tag_set);
}

module_init(lad_init);
module_exit(lad_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: tag set freed before put_disk of a never-added disk
 *
 * check-output-start
fire-ladder-wrong-order.c:52:3: warning: blk_mq_free_tag_set() frees the tag set of 'disk' before put_disk(): its queue still uses it; free the tag set last [tagset-lifetime]
fire-ladder-wrong-order.c:53:3: note: put_disk() of 'disk' here
 * check-output-end
 */
