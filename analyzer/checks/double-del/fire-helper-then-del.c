// SPDX-License-Identifier: GPL-2.0
/*
 * remove() calls the driver's unregister helper (which deletes
 * card->disk) and then deletes the disk itself as well.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct hd_card {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static blk_status_t hdc_queue_rq(struct blk_mq_hw_ctx *hctx,
				 const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops hdc_mq_ops = {
	.queue_rq	= hdc_queue_rq,
};

static const struct block_device_operations hdc_fops = {
	.owner		= THIS_MODULE,
};

static void hdc_unregister(struct hd_card *card)
{
	del_gendisk(card->disk);
}

static int hdc_probe(struct platform_device *pdev)
{
	struct hd_card *card;
	int err;

	card = devm_kzalloc(&pdev->dev, sizeof(*card), GFP_KERNEL);
	if (!card)
		return -ENOMEM;
	err = blk_mq_alloc_sq_tag_set(&card->tag_set, &hdc_mq_ops, 16, 0);
	if (err)
		return err;
	card->disk = blk_mq_alloc_disk(&card->tag_set, NULL, card);
	if (IS_ERR(card->disk)) {
		blk_mq_free_tag_set(&card->tag_set);
		return PTR_ERR(card->disk);
	}
	card->disk->fops = &hdc_fops;
	snprintf(card->disk->disk_name, DISK_NAME_LEN, "hdc%d", pdev->id);
	err = device_add_disk(&pdev->dev, card->disk, NULL);
	if (err) {
		put_disk(card->disk);
		blk_mq_free_tag_set(&card->tag_set);
		return err;
	}
	platform_set_drvdata(pdev, card);
	return 0;
}

static void hdc_remove(struct platform_device *pdev)
{
	struct hd_card *card = platform_get_drvdata(pdev);

	hdc_unregister(card);
	del_gendisk(card->disk);
	put_disk(card->disk);
	blk_mq_free_tag_set(&card->tag_set);
}

static struct platform_driver hdc_driver = {
	.probe	= hdc_probe,
	.remove	= hdc_remove,
	.driver	= {
		.name = "hdc",
	},
};
module_platform_driver(hdc_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: helper deletes card->disk, remove deletes it again (summary)
 *
 * check-output-start
fire-helper-then-del.c:71:2: warning: del_gendisk() called twice on 'card->disk' [double-del]
fire-helper-then-del.c:70:2: note: first del_gendisk() here
 * check-output-end
 */
