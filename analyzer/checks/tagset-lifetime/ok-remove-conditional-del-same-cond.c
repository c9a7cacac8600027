// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of fire-remove-conditional-del.c: a deferred add_disk()
 * and a teardown that deletes the disk only when it was added, frees the
 * tag set and puts the disk under the same condition, having put a
 * never-added disk before the tag set (the shape of the mtip_pci_remove()
 * fix, where ->free_disk frees the driver data on the added disk's last
 * put, so that put must come last): on both paths the queue goes first.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/workqueue.h>

#define CD_ADDED	0

struct cd_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
	struct work_struct add_work;
	unsigned long flags;
};

static struct cd_dev cd;

static blk_status_t cd_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops cd_mq_ops = {
	.queue_rq	= cd_queue_rq,
};

static const struct block_device_operations cd_fops = {
	.owner		= THIS_MODULE,
};

static void cd_add_work(struct work_struct *work)
{
	struct cd_dev *dev = container_of(work, struct cd_dev, add_work);

	if (add_disk(dev->disk))
		return;
	set_bit(CD_ADDED, &dev->flags);
}

static int __init cd_init(void)
{
	int err;

	err = blk_mq_alloc_sq_tag_set(&cd.tag_set, &cd_mq_ops, 16, 0);
	if (err)
		return err;
	cd.disk = blk_mq_alloc_disk(&cd.tag_set, NULL, &cd);
	if (IS_ERR(cd.disk)) {
		blk_mq_free_tag_set(&cd.tag_set);
		return PTR_ERR(cd.disk);
	}
	cd.disk->fops = &cd_fops;
	strscpy(cd.disk->disk_name, "cd0", DISK_NAME_LEN);
	set_capacity(cd.disk, 2048);
	INIT_WORK(&cd.add_work, cd_add_work);
	schedule_work(&cd.add_work);
	return 0;
}

static void __exit cd_exit(void)
{
	bool added = test_bit(CD_ADDED, &cd.flags);

	cancel_work_sync(&cd.add_work);
	if (added)
		del_gendisk(cd.disk);
	if (!added)
		put_disk(cd.disk);
	blk_mq_free_tag_set(&cd.tag_set);
	if (added)
		put_disk(cd.disk);
}

module_init(cd_init);
module_exit(cd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: put_disk() of the added disk under the condition of its del_gendisk()
 */
