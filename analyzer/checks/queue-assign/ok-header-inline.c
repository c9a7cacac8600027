// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-header-inline.c: the header's wrapper reads the disk's own queue and writes the same queue back, which is redundant but harmless.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include "qhc_compat_own.h"

struct qhc_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct qhc_dev qhc;

static blk_status_t qhc_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops qhc_mq_ops = {
	.queue_rq	= qhc_queue_rq,
};

static const struct block_device_operations qhc_fops = {
	.owner		= THIS_MODULE,
};

static int __init qhc_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&qhc.tag_set, &qhc_mq_ops, 16, 0);
	if (err)
		return err;
	disk = qhc_alloc_disk(&qhc.tag_set, &qhc);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &qhc_fops;
	strscpy(disk->disk_name, "qhc0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	qhc.disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&qhc.tag_set);
	return err;
}

static void __exit qhc_exit(void)
{
	del_gendisk(qhc.disk);
	put_disk(qhc.disk);
	blk_mq_free_tag_set(&qhc.tag_set);
}

module_init(qhc_init);
module_exit(qhc_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: header wrapper writes back the disk's own queue
 *
 * check-output-start
 * check-output-end
 */
