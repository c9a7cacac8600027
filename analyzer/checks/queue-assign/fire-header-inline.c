// SPDX-License-Identifier: GPL-2.0
/*
 * A compat wrapper in the driver's own header assigns a second queue to a disk from blk_mq_alloc_disk(): the assignment is inside the header, reported at its call in this file.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include "qhc_compat_foreign.h"

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
 * check-name: disk->queue assigned in a static inline function of the driver's header
 *
 * check-output-start
fire-header-inline.c:40:9: warning: 'disk->queue' assigned on a disk from blk_mq_alloc_disk(), which owns its queue: the allocated queue leaks and put_disk() puts this one in qhc_alloc_disk() at qhc_compat_foreign.h:26:2 (allocated at line 18) [queue-assign]
 * check-output-end
 */
