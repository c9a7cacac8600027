// SPDX-License-Identifier: GPL-2.0
/*
 * After a successful add, a failing step calls the driver's own remove
 * helper (del_gendisk() + put_disk() on dev->disk), as many probe
 * functions reuse their remove path.  The helper's summary covers it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct hr_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	void *dma_buf;
};

static blk_status_t hr_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops hr_mq_ops = {
	.queue_rq	= hr_queue_rq,
};

static const struct block_device_operations hr_fops = {
	.owner		= THIS_MODULE,
};

static void hr_teardown(struct hr_dev *dev)
{
	del_gendisk(dev->disk);
	put_disk(dev->disk);
	blk_mq_free_tag_set(&dev->tag_set);
}

static int hr_probe(struct platform_device *pdev)
{
	struct hr_dev *dev;
	int err;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;

	err = blk_mq_alloc_sq_tag_set(&dev->tag_set, &hr_mq_ops, 32, 0);
	if (err)
		return err;

	dev->disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (IS_ERR(dev->disk)) {
		blk_mq_free_tag_set(&dev->tag_set);
		return PTR_ERR(dev->disk);
	}
	dev->disk->fops = &hr_fops;
	dev->disk->private_data = dev;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "hr%d", pdev->id);
	set_capacity(dev->disk, 1 << 10);

	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err) {
		put_disk(dev->disk);
		blk_mq_free_tag_set(&dev->tag_set);
		return err;
	}

	dev->dma_buf = devm_kzalloc(&pdev->dev, PAGE_SIZE, GFP_KERNEL);
	if (!dev->dma_buf) {
		hr_teardown(dev);
		return -ENOMEM;
	}

	platform_set_drvdata(pdev, dev);
	return 0;
}

static void hr_remove(struct platform_device *pdev)
{
	hr_teardown(platform_get_drvdata(pdev));
}

static struct platform_driver hr_driver = {
	.probe	= hr_probe,
	.remove	= hr_remove,
	.driver	= {
		.name = "hr",
	},
};
module_platform_driver(hr_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: post-add failure handled by the remove helper (summary)
 */
