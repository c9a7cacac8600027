// SPDX-License-Identifier: GPL-2.0
/*
 * The disk is allocated by a wrapper defined in the file that takes the
 * queue struct holding the tag set, as mmc's mmc_alloc_disk(mq, ...)
 * allocates from &mq->tag_set (drivers/mmc/core/queue.c); the caller
 * passes &host->queue.  The remove function frees that tag set before
 * del_gendisk().
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

struct fw_queue {
	struct blk_mq_tag_set tag_set;
	unsigned int depth;
};

struct fw_host {
	struct fw_queue queue;
	struct gendisk *disk;
};

static blk_status_t fw_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops fw_mq_ops = {
	.queue_rq	= fw_queue_rq,
};

static const struct block_device_operations fw_fops = {
	.owner		= THIS_MODULE,
};

static struct gendisk *fw_alloc_disk(struct fw_queue *mq, void *queuedata)
{
	struct queue_limits lim = {
		.logical_block_size	= 512,
	};

	return blk_mq_alloc_disk(&mq->tag_set, &lim, queuedata);
}

static int fw_probe(struct platform_device *pdev)
{
	struct fw_host *host;
	int err;

	host = devm_kzalloc(&pdev->dev, sizeof(*host), GFP_KERNEL);
	if (!host)
		return -ENOMEM;
	host->queue.depth = 16;
	err = blk_mq_alloc_sq_tag_set(&host->queue.tag_set, &fw_mq_ops, host->queue.depth, 0);
	if (err)
		return err;
	host->disk = fw_alloc_disk(&host->queue, host);
	if (IS_ERR(host->disk)) {
		blk_mq_free_tag_set(&host->queue.tag_set);
		return PTR_ERR(host->disk);
	}
	host->disk->fops = &fw_fops;
	strscpy(host->disk->disk_name, "fw0", DISK_NAME_LEN);
	set_capacity(host->disk, 2048);
	err = add_disk(host->disk);
	if (err) {
		put_disk(host->disk);
		blk_mq_free_tag_set(&host->queue.tag_set);
		return err;
	}
	platform_set_drvdata(pdev, host);
	return 0;
}

static void fw_remove(struct platform_device *pdev)
{
	struct fw_host *host = platform_get_drvdata(pdev);

	blk_mq_free_tag_set(&host->queue.tag_set);
	del_gendisk(host->disk);
	put_disk(host->disk);
}

static struct platform_driver fw_driver = {
	.driver		= { .name = "fw" },
	.probe		= fw_probe,
	.remove		= fw_remove,
};
module_platform_driver(fw_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: remove frees the tag set of a disk from a same-file wrapper before del_gendisk
 *
 * check-output-start
fire-remove-file-wrapper.c:83:2: warning: blk_mq_free_tag_set() frees the tag set of 'host->disk' before del_gendisk(): its queue still uses it; free the tag set last [tagset-lifetime]
fire-remove-file-wrapper.c:84:2: note: del_gendisk() of 'host->disk' here
 * check-output-end
 */
