// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of ok-devm-action-or-reset.c: the devm action registered
 * after the allocation only waits for completed requests, it does not
 * free the tag set, so when blk_mq_alloc_disk() fails the probe returns
 * with the tag set allocated and nothing ever frees it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>

struct dvx_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static blk_status_t dvx_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops dvx_mq_ops = {
	.queue_rq	= dvx_queue_rq,
};

static const struct block_device_operations dvx_fops = {
	.owner		= THIS_MODULE,
};

static void dvx_quiesce(void *data)
{
	blk_mq_tagset_wait_completed_request(data);
}

static int dvx_probe(struct platform_device *pdev)
{
	struct dvx_dev *dev;
	struct gendisk *disk;
	int ret;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	ret = blk_mq_alloc_sq_tag_set(&dev->tag_set, &dvx_mq_ops, 16, 0);
	if (ret)
		return ret;
	ret = devm_add_action_or_reset(&pdev->dev, dvx_quiesce, &dev->tag_set);
	if (ret)
		return ret;
	disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &dvx_fops;
	strscpy(disk->disk_name, "dvx0", DISK_NAME_LEN);
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

static void dvx_remove(struct platform_device *pdev)
{
	struct dvx_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	put_disk(dev->disk);
	blk_mq_free_tag_set(&dev->tag_set);
}

static struct platform_driver dvx_driver = {
	.probe		= dvx_probe,
	.remove_new	= dvx_remove,
	.driver = {
		.name	= "dvx",
	},
};
module_platform_driver(dvx_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: a devm action that does not free the tag set hands nothing over
 *
 * check-output-start
fire-devm-action-not-freeing.c:52:3: warning: tag set 'dev->tag_set' leaked on this error path: blk_mq_free_tag_set() missing [tagset-lifetime]
fire-devm-action-not-freeing.c:47:8: note: tag set 'dev->tag_set' allocated here
fire-devm-action-not-freeing.c:55:3: warning: tag set 'dev->tag_set' leaked on this error path: blk_mq_free_tag_set() missing [tagset-lifetime]
fire-devm-action-not-freeing.c:47:8: note: tag set 'dev->tag_set' allocated here
fire-devm-action-not-freeing.c:62:3: warning: tag set 'dev->tag_set' leaked on this error path: blk_mq_free_tag_set() missing [tagset-lifetime]
fire-devm-action-not-freeing.c:47:8: note: tag set 'dev->tag_set' allocated here
 * check-output-end
 */
