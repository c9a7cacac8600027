// SPDX-License-Identifier: GPL-2.0
/*
 * The disk comes from a compat wrapper in the driver's own header (abr_alloc_disk() returns blk_mq_alloc_disk()'s disk), and the fops are set only after add_disk(): the wrapper call counts as the allocation.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include "abr_alloc_plain.h"

struct abr_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct abr_dev abr;

static blk_status_t abr_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops abr_mq_ops = {
	.queue_rq	= abr_queue_rq,
};

static const struct block_device_operations abr_fops = {
	.owner		= THIS_MODULE,
};

static int __init abr_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&abr.tag_set, &abr_mq_ops, 16, 0);
	if (err)
		return err;
	disk = abr_alloc_disk(&abr.tag_set, &abr);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	strscpy(disk->disk_name, "abr0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	disk->fops = &abr_fops;
	abr.disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&abr.tag_set);
	return err;
}

static void __exit abr_exit(void)
{
	del_gendisk(abr.disk);
	put_disk(abr.disk);
	blk_mq_free_tag_set(&abr.tag_set);
}

module_init(abr_init);
module_exit(abr_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: fops set after add_disk on a disk from a header wrapper
 *
 * check-output-start
fire-header-wrapper.c:47:8: warning: add_disk() of 'disk' before its fops are set: device_add_disk() dereferences disk->fops (NULL pointer oops) [add-before-ready]
fire-header-wrapper.c:40:9: note: 'disk' allocated here
 * check-output-end
 */
