// SPDX-License-Identifier: GPL-2.0
/*
 * Every error path after allocation goes through the driver's free
 * helper, which puts its argument's field (card->disk) when set: the
 * helper's summary must be applied at each call.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/slab.h>

struct hf_card {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	void *fw;
	bool tags_allocated;
};

static struct hf_card *hf_card;

static blk_status_t hf_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops hf_mq_ops = {
	.queue_rq	= hf_queue_rq,
};

static const struct block_device_operations hf_fops = {
	.owner		= THIS_MODULE,
};

static void hf_free_card(struct hf_card *card)
{
	if (card->disk)
		put_disk(card->disk);
	if (card->tags_allocated)
		blk_mq_free_tag_set(&card->tag_set);
	kfree(card->fw);
	kfree(card);
}

static int __init hf_init(void)
{
	struct hf_card *card;
	int err;

	card = kzalloc(sizeof(*card), GFP_KERNEL);
	if (!card)
		return -ENOMEM;

	err = blk_mq_alloc_sq_tag_set(&card->tag_set, &hf_mq_ops, 8, 0);
	if (err) {
		kfree(card);
		return err;
	}
	card->tags_allocated = true;

	card->disk = blk_mq_alloc_disk(&card->tag_set, NULL, card);
	if (IS_ERR(card->disk)) {
		err = PTR_ERR(card->disk);
		card->disk = NULL;
		hf_free_card(card);
		return err;
	}

	card->fw = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!card->fw) {
		hf_free_card(card);
		return -ENOMEM;
	}

	card->disk->fops = &hf_fops;
	card->disk->private_data = card;
	strscpy(card->disk->disk_name, "hf0", DISK_NAME_LEN);
	set_capacity(card->disk, 1 << 14);

	err = add_disk(card->disk);
	if (err) {
		hf_free_card(card);
		return err;
	}
	hf_card = card;
	return 0;
}

static void __exit hf_exit(void)
{
	del_gendisk(hf_card->disk);
	hf_free_card(hf_card);
}

module_init(hf_init);
module_exit(hf_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: error paths free through a helper that puts card->disk
 */
