// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-header-wrapper.c: the header's wrapper sets the fops and the disk_name itself before returning the disk, so the caller need not.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include "abr_alloc_sets_up.h"

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
	disk = abr_alloc_disk(&abr.tag_set, &abr, &abr_fops);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
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
 * check-name: header wrapper sets fops and disk_name
 *
 * check-output-start
 * check-output-end
 */
