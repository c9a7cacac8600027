// SPDX-License-Identifier: GPL-2.0
/*
 * The disk lives only in dev->disk.  A failing configuration step between
 * allocation and add_disk() frees the tag set and returns, but not the
 * disk (put_disk() must come before blk_mq_free_tag_set() here).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>
#include <linux/property.h>
#include <linux/slab.h>

struct ft_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	u32 block_size;
};

static blk_status_t ft_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops ft_mq_ops = {
	.queue_rq	= ft_queue_rq,
};

static const struct block_device_operations ft_fops = {
	.owner		= THIS_MODULE,
};

static int ft_probe(struct platform_device *pdev)
{
	struct ft_dev *dev;
	int err;

	dev = devm_kzalloc(&pdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;

	err = blk_mq_alloc_sq_tag_set(&dev->tag_set, &ft_mq_ops, 16, 0);
	if (err)
		return err;

	dev->disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		goto out_free_tags;
	}

	err = device_property_read_u32(&pdev->dev, "block-size",
				       &dev->block_size);
	if (err)
		goto out_free_tags;

	dev->disk->fops = &ft_fops;
	dev->disk->private_data = dev;
	snprintf(dev->disk->disk_name, DISK_NAME_LEN, "ft%d", pdev->id);
	set_capacity(dev->disk, 1 << 12);

	err = device_add_disk(&pdev->dev, dev->disk, NULL);
	if (err)
		goto out_put_disk;
	platform_set_drvdata(pdev, dev);
	return 0;

out_put_disk:
	put_disk(dev->disk);
out_free_tags:
	blk_mq_free_tag_set(&dev->tag_set);
	return err;
}

static void ft_remove(struct platform_device *pdev)
{
	struct ft_dev *dev = platform_get_drvdata(pdev);

	del_gendisk(dev->disk);
	put_disk(dev->disk);
	blk_mq_free_tag_set(&dev->tag_set);
}

static struct platform_driver ft_driver = {
	.probe	= ft_probe,
	.remove	= ft_remove,
	.driver	= {
		.name = "ft",
	},
};
module_platform_driver(ft_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: dev->disk leaked when a property read fails before add
 *
 * check-output-start
fire-field-tracked.c:75:2: warning: 'dev->disk' leaked on this error path: put_disk() missing [disk-leak]
fire-field-tracked.c:49:14: note: 'dev->disk' allocated here
 * check-output-end
 */
