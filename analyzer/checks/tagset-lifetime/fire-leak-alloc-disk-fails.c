// SPDX-License-Identifier: GPL-2.0
/*
 * The tag set is allocated, then blk_mq_alloc_disk() fails and the init
 * function returns PTR_ERR() straight away: the tag set (its tags and
 * preallocated requests) is never freed.  The shape of the error paths
 * drivers got wrong when they moved to blk_mq_alloc_disk(), which can fail
 * where the tag set allocation before it did not.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct lkd_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct lkd_dev lkd;

static blk_status_t lkd_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops lkd_mq_ops = {
	.queue_rq	= lkd_queue_rq,
};

static const struct block_device_operations lkd_fops = {
	.owner		= THIS_MODULE,
};

static int __init lkd_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&lkd.tag_set, &lkd_mq_ops, 16, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&lkd.tag_set, NULL, &lkd);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &lkd_fops;
	strscpy(disk->disk_name, "lkd0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		blk_mq_free_tag_set(&lkd.tag_set);
		return err;
	}
	lkd.disk = disk;
	return 0;
}

static void __exit lkd_exit(void)
{
	del_gendisk(lkd.disk);
	put_disk(lkd.disk);
	blk_mq_free_tag_set(&lkd.tag_set);
}

module_init(lkd_init);
module_exit(lkd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: tag set leaked when blk_mq_alloc_disk fails
 *
 * check-output-start
fire-leak-alloc-disk-fails.c:45:3: warning: tag set 'lkd.tag_set' leaked on this error path: blk_mq_free_tag_set() missing [tagset-lifetime]
fire-leak-alloc-disk-fails.c:40:8: note: tag set 'lkd.tag_set' allocated here
 * check-output-end
 */
