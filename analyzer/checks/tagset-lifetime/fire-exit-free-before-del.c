// SPDX-License-Identifier: GPL-2.0
/*
 * Module exit that frees the tag set first, then deletes and puts the
 * disk (the disk was allocated with dev->disk = blk_mq_alloc_disk(...)):
 * del_gendisk() freezes and drains a queue whose tags are gone.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct ex_dev {
	struct blk_mq_tag_set tag_set;
	struct gendisk *disk;
};

static struct ex_dev *ex;

static blk_status_t ex_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
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

static int ex_create(struct ex_dev *dev)
{
	int err;

	err = blk_mq_alloc_sq_tag_set(&dev->tag_set, &ex_mq_ops, 16, 0);
	if (err)
		return err;
	dev->disk = blk_mq_alloc_disk(&dev->tag_set, NULL, dev);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		goto out_free_tags;
	}
	dev->disk->fops = &ex_fops;
	strscpy(dev->disk->disk_name, "ex0", DISK_NAME_LEN);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(dev->disk);
out_free_tags:
	blk_mq_free_tag_set(&dev->tag_set);
	return err;
}

static void ex_destroy(struct ex_dev *dev)
{
	blk_mq_free_tag_set(&dev->tag_set);
	del_gendisk(dev->disk);
	put_disk(dev->disk);
}

static int __init ex_init(void)
{
	int err;

	ex = kzalloc(sizeof(*ex), GFP_KERNEL);
	if (!ex)
		return -ENOMEM;
	err = ex_create(ex);
	if (err)
		kfree(ex);
	return err;
}

static void __exit ex_exit(void)
{
	ex_destroy(ex);
	kfree(ex);
}

module_init(ex_init);
module_exit(ex_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: exit frees the tag set before del_gendisk
 *
 * check-output-start
fire-exit-free-before-del.c:62:2: warning: blk_mq_free_tag_set() frees the tag set of 'dev->disk' before del_gendisk(): its queue still uses it; free the tag set last [tagset-lifetime]
fire-exit-free-before-del.c:63:2: note: del_gendisk() of 'dev->disk' here
 * check-output-end
 */
