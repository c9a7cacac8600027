// SPDX-License-Identifier: GPL-2.0
/*
 * A blk-mq driver whose device reports its size in GiB and converts it
 * with "<< 30" (bytes), then hands that to set_capacity() in a resize
 * helper.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set gs_tags;
static struct gendisk *gs_disk;
static unsigned int gs_size_gb = 1;

static blk_status_t gs_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops gs_mq_ops = {
	.queue_rq	= gs_queue_rq,
};

static const struct block_device_operations gs_fops = {
	.owner		= THIS_MODULE,
};

static void gs_set_size(struct gendisk *disk, unsigned int gb)
{
	set_capacity(disk, (sector_t)gb << 30);
}

static int __init gs_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&gs_tags, &gs_mq_ops, 16, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&gs_tags, NULL, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &gs_fops;
	strscpy(disk->disk_name, "gs0", DISK_NAME_LEN);
	gs_set_size(disk, gs_size_gb);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	gs_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&gs_tags);
	return err;
}

static void __exit gs_exit(void)
{
	del_gendisk(gs_disk);
	put_disk(gs_disk);
	blk_mq_free_tag_set(&gs_tags);
}

module_init(gs_init);
module_exit(gs_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: GiB << 30 passed as sectors
 *
 * check-output-start
fire-gib-shift.c:32:2: warning: set_capacity() takes 512-byte sectors, but this size is scaled by 1073741824 (bytes?): shift it right by SECTOR_SHIFT [capacity-units]
 * check-output-end
 */
