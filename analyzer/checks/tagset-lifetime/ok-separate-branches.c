// SPDX-License-Identifier: GPL-2.0
/*
 * Near-miss: blk_mq_free_tag_set() appears above put_disk() in the source,
 * but in an earlier branch that returns (the disk does not exist there),
 * and a second tag set that no disk uses is freed early.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set sb_tags, sb_admin_tags;
static struct gendisk *sb_disk;

static blk_status_t sb_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops sb_mq_ops = {
	.queue_rq	= sb_queue_rq,
};

static const struct block_device_operations sb_fops = {
	.owner		= THIS_MODULE,
};

static int __init sb_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&sb_admin_tags, &sb_mq_ops, 4, 0);
	if (err)
		return err;
	err = blk_mq_alloc_sq_tag_set(&sb_tags, &sb_mq_ops, 16, 0);
	blk_mq_free_tag_set(&sb_admin_tags);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&sb_tags, NULL, NULL);
	if (IS_ERR(disk)) {
		blk_mq_free_tag_set(&sb_tags);
		return PTR_ERR(disk);
	}
	disk->fops = &sb_fops;
	strscpy(disk->disk_name, "sb0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		blk_mq_free_tag_set(&sb_tags);
		return err;
	}
	sb_disk = disk;
	return 0;
}

static void __exit sb_exit(void)
{
	del_gendisk(sb_disk);
	put_disk(sb_disk);
	blk_mq_free_tag_set(&sb_tags);
}

module_init(sb_init);
module_exit(sb_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: free above put but in a returning branch; unrelated tag set
 */
