// SPDX-License-Identifier: GPL-2.0
/*
 * Linux 6.1 loop_add()-like ladder (drivers/block/loop.c shape) where the
 * add_disk() failure jumps to the label below put_disk(): the disk,
 * stored in lo->lo_disk, leaks on that path.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/idr.h>
#include <linux/slab.h>

struct lox {
	struct blk_mq_tag_set tag_set;
	struct gendisk *lo_disk;
	int lo_number;
};

static DEFINE_IDR(lox_index_idr);

static blk_status_t lox_queue_rq(struct blk_mq_hw_ctx *hctx,
				 const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops lox_mq_ops = {
	.queue_rq	= lox_queue_rq,
};

static const struct block_device_operations lox_fops = {
	.owner		= THIS_MODULE,
};

static int lox_check_number(int i)
{
	return i > MINORMASK ? -EINVAL : 0;
}

static int lox_add(int i)
{
	struct lox *lo;
	int err;

	err = -ENOMEM;
	lo = kzalloc(sizeof(*lo), GFP_KERNEL);
	if (!lo)
		goto out;

	err = idr_alloc(&lox_index_idr, lo, i, i + 1, GFP_KERNEL);
	if (err < 0)
		goto out_free_dev;
	i = err;

	err = blk_mq_alloc_sq_tag_set(&lo->tag_set, &lox_mq_ops, 128,
				      BLK_MQ_F_SHOULD_MERGE);
	if (err)
		goto out_free_idr;

	lo->lo_disk = blk_mq_alloc_disk(&lo->tag_set, lo);
	if (IS_ERR(lo->lo_disk)) {
		err = PTR_ERR(lo->lo_disk);
		goto out_cleanup_tags;
	}
	blk_queue_max_hw_sectors(lo->lo_disk->queue, BLK_DEF_MAX_SECTORS);
	lo->lo_disk->flags |= GENHD_FL_NO_PART;
	lo->lo_disk->fops = &lox_fops;
	lo->lo_disk->private_data = lo;
	lo->lo_number = i;
	sprintf(lo->lo_disk->disk_name, "lox%d", i);
	set_capacity(lo->lo_disk, 0);

	err = lox_check_number(i);
	if (err)
		goto out_cleanup_disk;

	err = add_disk(lo->lo_disk);
	if (err)
		goto out_cleanup_tags;
	return i;

out_cleanup_disk:
	put_disk(lo->lo_disk);
out_cleanup_tags:
	blk_mq_free_tag_set(&lo->tag_set);
out_free_idr:
	idr_remove(&lox_index_idr, i);
out_free_dev:
	kfree(lo);
out:
	return err;
}

static int lox_remove_cb(int id, void *ptr, void *data)
{
	struct lox *lo = ptr;

	del_gendisk(lo->lo_disk);
	put_disk(lo->lo_disk);
	blk_mq_free_tag_set(&lo->tag_set);
	kfree(lo);
	return 0;
}

static int __init lox_init(void)
{
	int ret = lox_add(0);

	return ret < 0 ? ret : 0;
}

static void __exit lox_exit(void)
{
	idr_for_each(&lox_index_idr, lox_remove_cb, NULL);
	idr_destroy(&lox_index_idr);
}

module_init(lox_init);
module_exit(lox_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: 6.1: add_disk() failure jumps past put_disk(lo->lo_disk)
 * check-kernel: 6.1
 *
 * check-output-start
fire-61-label-skips-put.c:93:2: warning: 'lo->lo_disk' leaked: add_disk() failed and this path returns without put_disk() [add-disk-fail-cleanup]
fire-61-label-skips-put.c:79:8: note: add_disk() failed on this path
fire-61-label-skips-put.c:62:16: note: 'lo->lo_disk' allocated here
 * check-output-end
 */
