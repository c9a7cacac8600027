// SPDX-License-Identifier: GPL-2.0
/*
 * The tag set is freed on the error path of the wrapper's allocation
 * failure - no disk exists there, so nothing uses the tag set - and that
 * branch returns before the put_disk() below it in the source.  On the
 * add_disk() failure the disk is put first; remove deletes, frees the tag
 * set, then puts (virtio_blk's order: after del_gendisk() the queue no
 * longer uses the tags).
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

#include "tw_compat.h"

struct tw_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static blk_status_t tw_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops tw_mq_ops = {
	.queue_rq	= tw_queue_rq,
};

static const struct block_device_operations tw_fops = {
	.owner		= THIS_MODULE,
};

static int tw_probe(struct platform_device *pdev)
{
	struct tw_dev *tw;
	struct gendisk *disk;
	int err;

	tw = devm_kzalloc(&pdev->dev, sizeof(*tw), GFP_KERNEL);
	if (!tw)
		return -ENOMEM;
	err = blk_mq_alloc_sq_tag_set(&tw->tag_set, &tw_mq_ops, 16, 0);
	if (err)
		return err;
	disk = tw_alloc_disk(&tw->tag_set, tw);
	if (IS_ERR(disk)) {
		blk_mq_free_tag_set(&tw->tag_set);
		return PTR_ERR(disk);
	}
	tw->disk = disk;
	disk->fops = &tw_fops;
	strscpy(disk->disk_name, "tw0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		blk_mq_free_tag_set(&tw->tag_set);
		return err;
	}
	platform_set_drvdata(pdev, tw);
	return 0;
}

static void tw_remove(struct platform_device *pdev)
{
	struct tw_dev *tw = platform_get_drvdata(pdev);

	del_gendisk(tw->disk);
	blk_mq_free_tag_set(&tw->tag_set);
	put_disk(tw->disk);
}

static struct platform_driver tw_driver = {
	.driver		= { .name = "tw" },
	.probe		= tw_probe,
	.remove		= tw_remove,
};
module_platform_driver(tw_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: wrapper-allocated disk: tag set freed where no disk exists, or after del_gendisk
 */
