// SPDX-License-Identifier: GPL-2.0
/*
 * The correct orders with the compat-header allocator wrapper: the probe's
 * error ladder puts the never-added disk, then frees the tag set; the
 * remove function deletes, puts, then frees the tag set (gdvirtio's
 * gdv_remove() order).
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
		err = PTR_ERR(disk);
		goto out_free_tag_set;
	}
	tw->disk = disk;
	disk->fops = &tw_fops;
	strscpy(disk->disk_name, "tw0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	platform_set_drvdata(pdev, tw);
	return 0;

out_put_disk:
	/* never added: put_disk() only, then the tag set */
	put_disk(disk);
out_free_tag_set:
	blk_mq_free_tag_set(&tw->tag_set);
	return err;
}

static void tw_remove(struct platform_device *pdev)
{
	struct tw_dev *tw = platform_get_drvdata(pdev);

	del_gendisk(tw->disk);
	put_disk(tw->disk);
	blk_mq_free_tag_set(&tw->tag_set);
}

static struct platform_driver tw_driver = {
	.driver		= { .name = "tw" },
	.probe		= tw_probe,
	.remove		= tw_remove,
};
module_platform_driver(tw_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: wrapper-allocated disk: tag set freed after del_gendisk and put_disk
 */
