// SPDX-License-Identifier: GPL-2.0
/*
 * The add_disk() failure path puts the disk and then prints its name:
 * disk->disk_name lives inside the freed gendisk.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set nm_set;
static struct gendisk *nm_disk;

static blk_status_t nm_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops nm_mq_ops = {
	.queue_rq	= nm_queue_rq,
};

static const struct block_device_operations nm_fops = {
	.owner		= THIS_MODULE,
};

static int __init nm_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&nm_set, &nm_mq_ops, 32, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&nm_set, NULL, NULL);
	if (IS_ERR(disk)) {
		blk_mq_free_tag_set(&nm_set);
		return PTR_ERR(disk);
	}
	disk->fops = &nm_fops;
	strscpy(disk->disk_name, "nm0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 10);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		pr_err("%s: add_disk failed: %d\n", disk->disk_name, err);
		blk_mq_free_tag_set(&nm_set);
		return err;
	}
	nm_disk = disk;
	return 0;
}

static void __exit nm_exit(void)
{
	del_gendisk(nm_disk);
	put_disk(nm_disk);
	blk_mq_free_tag_set(&nm_set);
}

module_init(nm_init);
module_exit(nm_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: disk->disk_name printed after put_disk()
 *
 * check-output-start
fire-name-in-error-message.c:49:39: warning: 'disk' used after put_disk() [use-after-put]
fire-name-in-error-message.c:48:3: note: put_disk() here
 * check-output-end
 */
