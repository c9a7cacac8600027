// SPDX-License-Identifier: GPL-2.0
/*
 * The tag set handed to devm right after its allocation, as apple-nvme
 * does (apple_nvme_alloc_tagsets(): devm_add_action_or_reset(anv->dev,
 * devm_apple_nvme_put_tag_set, &anv->admin_tagset)): if registering the
 * action fails, devm_add_action_or_reset() runs it at once, and once it
 * succeeded the device's teardown frees the tag set (after .remove, so
 * after del_gendisk()).  No error return of the probe leaks it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>

struct dva_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static blk_status_t dva_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops dva_mq_ops = {
	.queue_rq	= dva_queue_rq,
};

static const struct block_device_operations dva_fops = {
	.owner		= THIS_MODULE,
};

static void dva_put_tag_set(void *data)
{
	blk_mq_free_tag_set(data);
}

static int dva_probe(struct platform_device *pdev)
{
	struct dva_dev *dev;
	struct gendisk *disk;
	int ret;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	ret = blk_mq_alloc_sq_tag_set(&dev->tag_set, &dva_mq_ops, 16, 0);
	if (ret)
		return ret;
	ret = devm_add_action_or_reset(&pdev->dev, dva_put_tag_set, &dev->tag_set);
	if (ret)
		return ret;
	disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &dva_fops;
	strscpy(disk->disk_name, "dva0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	ret = add_disk(disk);
	if (ret) {
		put_disk(disk);
		return ret;
	}
	dev->disk = disk;
	platform_set_drvdata(pdev, dev);
	return 0;
}

static void dva_remove(struct platform_device *pdev)
{
	struct dva_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	put_disk(dev->disk);
}

static struct platform_driver dva_driver = {
	.probe		= dva_probe,
	.remove_new	= dva_remove,
	.driver = {
		.name	= "dva",
	},
};
module_platform_driver(dva_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: a tag set handed to devm_add_action_or_reset() with an action that frees it
 */
