// SPDX-License-Identifier: GPL-2.0
/*
 * Two put_disk() calls on one disk, on mutually exclusive paths: the
 * early failure returns right after its put, the later ones reach the
 * label's put.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static struct blk_mq_tag_set ex_set;
static struct gendisk *ex_disk;
static bool ex_ro;
module_param(ex_ro, bool, 0444);

static blk_status_t ex_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops ex_mq_ops = {
	.queue_rq	= ex_queue_rq,
};

static const struct block_device_operations ex_fops = {
	.owner		= THIS_MODULE,
};

static int __init ex_init(void)
{
	struct gendisk *disk;
	int err;

	err = blk_mq_alloc_sq_tag_set(&ex_set, &ex_mq_ops, 32, 0);
	if (err)
		return err;
	disk = blk_mq_alloc_disk(&ex_set, NULL, NULL);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_free_tags;
	}
	disk->fops = &ex_fops;
	strscpy(disk->disk_name, "ex0", DISK_NAME_LEN);
	if (ex_ro && get_capacity(disk)) {
		put_disk(disk);
		blk_mq_free_tag_set(&ex_set);
		return -EINVAL;
	}
	set_capacity(disk, 1 << 12);
	set_disk_ro(disk, ex_ro);

	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	ex_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_free_tags:
	blk_mq_free_tag_set(&ex_set);
	return err;
}

static void __exit ex_exit(void)
{
	del_gendisk(ex_disk);
	put_disk(ex_disk);
	blk_mq_free_tag_set(&ex_set);
}

module_init(ex_init);
module_exit(ex_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: two put_disk() calls on exclusive paths
 */
