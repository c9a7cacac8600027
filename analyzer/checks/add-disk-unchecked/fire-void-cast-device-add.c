// SPDX-License-Identifier: GPL-2.0
/*
 * A probe that silences __must_check with a (void) cast on
 * device_add_disk(): the failure still goes unnoticed and the disk
 * leaks on that path.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct vc_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static blk_status_t vc_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops vc_mq_ops = {
	.queue_rq	= vc_queue_rq,
};

static const struct block_device_operations vc_fops = {
	.owner		= THIS_MODULE,
};

static int vc_probe(struct platform_device *pdev)
{
	struct vc_dev *vc;
	int err;

	vc = devm_kzalloc(&pdev->dev, sizeof(*vc), GFP_KERNEL);
	if (!vc)
		return -ENOMEM;

	err = blk_mq_alloc_sq_tag_set(&vc->tag_set, &vc_mq_ops, 16, 0);
	if (err)
		return err;

	vc->disk = blk_mq_alloc_disk(&vc->tag_set, NULL, vc);
	if (IS_ERR(vc->disk)) {
		blk_mq_free_tag_set(&vc->tag_set);
		return PTR_ERR(vc->disk);
	}
	vc->disk->fops = &vc_fops;
	vc->disk->private_data = vc;
	snprintf(vc->disk->disk_name, DISK_NAME_LEN, "vc%d", pdev->id);
	set_capacity(vc->disk, 1 << 20);

	(void)device_add_disk(&pdev->dev, vc->disk, NULL);
	platform_set_drvdata(pdev, vc);
	return 0;
}

static void vc_remove(struct platform_device *pdev)
{
	struct vc_dev *vc = platform_get_drvdata(pdev);

	del_gendisk(vc->disk);
	put_disk(vc->disk);
	blk_mq_free_tag_set(&vc->tag_set);
}

static struct platform_driver vc_driver = {
	.probe	= vc_probe,
	.remove	= vc_remove,
	.driver	= {
		.name = "vc",
	},
};
module_platform_driver(vc_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: (void) cast on device_add_disk()
 *
 * check-output-start
fire-void-cast-device-add.c:57:8: warning: return value of device_add_disk() is ignored [add-disk-unchecked]
 * check-output-end
 */
