// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss: every error path after the tag set was allocated goes through
 * a same-file helper that frees it (the way ataflop and swim use a
 * per-unit cleanup function), and the failure of blk_mq_alloc_tag_set()
 * itself returns directly: nothing is leaked.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct hlp_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct hlp_dev hlp;

static blk_status_t hlp_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops hlp_mq_ops = {
	.queue_rq	= hlp_queue_rq,
};

static const struct block_device_operations hlp_fops = {
	.owner		= THIS_MODULE,
};

static void hlp_release_tags(struct hlp_dev *dev)
{
	blk_mq_free_tag_set(&dev->tag_set);
}

static int __init hlp_init(void)
{
	struct gendisk *disk;
	int ret;

	ret = blk_mq_alloc_sq_tag_set(&hlp.tag_set, &hlp_mq_ops, 16, 0);
	if (ret < 0)
		return ret;
	disk = blk_mq_alloc_disk(&hlp.tag_set, NULL, &hlp);
	if (IS_ERR(disk)) {
		hlp_release_tags(&hlp);
		return PTR_ERR(disk);
	}
	disk->fops = &hlp_fops;
	strscpy(disk->disk_name, "hlp0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	ret = add_disk(disk);
	if (ret) {
		put_disk(disk);
		hlp_release_tags(&hlp);
		return ret;
	}
	hlp.disk = disk;
	return 0;
}

static void __exit hlp_exit(void)
{
	del_gendisk(hlp.disk);
	put_disk(hlp.disk);
	hlp_release_tags(&hlp);
}

module_init(hlp_init);
module_exit(hlp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: tag set freed by a same-file helper on every error path
 */
