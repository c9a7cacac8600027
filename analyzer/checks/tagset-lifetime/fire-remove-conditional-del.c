// SPDX-License-Identifier: GPL-2.0
/*
 * A disk whose add_disk() is deferred (here to a work item, as
 * mtip32xx defers it until the drive's rebuild completes) and a teardown
 * that deletes it only when the "added" bit is set, then frees the tag
 * set before put_disk(), as mtip_pci_remove() and mtip_block_shutdown()
 * do in 6.12: when the work never ran, put_disk() releases a disk that
 * was never added, and disk_release() exits its queue
 * (blk_mq_exit_queue) on the freed tag set.
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
	cancel_work_sync(&cd.add_work);
	if (test_bit(CD_ADDED, &cd.flags))
		del_gendisk(cd.disk);
	blk_mq_free_tag_set(&cd.tag_set);
	put_disk(cd.disk);
}

module_init(cd_init);
module_exit(cd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: teardown frees the tag set before put_disk() of a disk it may not have added
 *
 * check-output-start
fire-remove-conditional-del.c:76:2: warning: blk_mq_free_tag_set() frees the tag set of 'cd.disk' before put_disk(), and del_gendisk() above is conditional: when the disk was never added, put_disk() exits its queue on the freed tag set; free the tag set after put_disk() [tagset-lifetime]
fire-remove-conditional-del.c:74:2: note: del_gendisk() of 'cd.disk' only under this condition
fire-remove-conditional-del.c:77:2: note: put_disk() of 'cd.disk' here
 * check-output-end
 */
