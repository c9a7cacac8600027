// SPDX-License-Identifier: GPL-2.0
/*
 * Post-add failure and module exit both call del_gendisk() before
 * put_disk(); the add_disk() failure itself takes put_disk() alone (the
 * disk was never added, so that put is not "before del").
 *
 * Run with --rule put-before-del: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set dp_set;
static struct gendisk *dp_disk;

static blk_status_t dp_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops dp_mq_ops = {
	.queue_rq	= dp_queue_rq,
};

static const struct block_device_operations dp_fops = {
	.owner		= THIS_MODULE,
};

static int dp_check_ready(struct gendisk *disk)
{
	return get_capacity(disk) ? 0 : -ENODEV;
}

static int __init dp_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&dp_set, &dp_mq_ops, 64, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&dp_set, NULL, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &dp_fops;
	strscpy(disk->disk_name, "dp0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 16);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		goto out_free_tags;
	}
	err = dp_check_ready(disk);
	if (err) {
		del_gendisk(disk);
		put_disk(disk);
		goto out_free_tags;
	}
	dp_disk = disk;
	return 0;

out_free_tags:
	blk_mq_free_tag_set(&dp_set);
	return err;
}

static void __exit dp_exit(void)
{
	del_gendisk(dp_disk);
	blk_mq_free_tag_set(&dp_set);
	put_disk(dp_disk);
}

module_init(dp_init);
module_exit(dp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk() before put_disk() after a successful add
 * check-command: gendisk-lint --rule put-before-del --kdir $KDIR $file
 */
