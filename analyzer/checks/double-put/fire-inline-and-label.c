// SPDX-License-Identifier: GPL-2.0
/*
 * The add_disk() failure branch puts the disk inline and then jumps to a
 * label that puts it again (a classic result of converting an inline
 * unwind to a goto ladder halfway).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set il_set;
static struct gendisk *il_disk;

static blk_status_t il_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops il_mq_ops = {
	.queue_rq	= il_queue_rq,
};

static const struct block_device_operations il_fops = {
	.owner		= THIS_MODULE,
};

static int __init il_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&il_set, &il_mq_ops, 32, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&il_set, NULL, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &il_fops;
	strscpy(disk->disk_name, "il0", DISK_NAME_LEN);
	set_capacity(disk, 1 << 12);

	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		goto out_put_disk;
	}
	il_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&il_set);
	return err;
}

static void __exit il_exit(void)
{
	del_gendisk(il_disk);
	put_disk(il_disk);
	blk_mq_free_tag_set(&il_set);
}

module_init(il_init);
module_exit(il_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: put_disk() inline and again at the label
 *
 * check-output-start
fire-inline-and-label.c:56:2: warning: put_disk() called twice on 'disk' [double-put]
fire-inline-and-label.c:49:3: note: first put_disk() here
 * check-output-end
 */
