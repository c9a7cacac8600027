// SPDX-License-Identifier: GPL-2.0
/*
 * The disk's ->free_disk frees its private data (the driver struct), and
 * an unwind after a successful add_disk() deletes and puts the disk and
 * then goes on with the driver struct: that last put of an added disk
 * runs ->free_disk, so the tag set is freed through a freed struct.
 * mtip_block_initialize() in 6.12 has this shape (kthread_run_error:
 * del_gendisk(), ... put_disk(dd->disk), then blk_mq_free_tag_set(&dd->tags)
 * and mtip_hw_exit(dd), with mtip_block_free_disk() kfree()ing dd; its
 * caller then frees dd once more, as fp_init() does here).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>
#include <linux/kthread.h>
#include <linux/slab.h>

struct fp_dev {
	struct blk_mq_tag_set tags;
	struct gendisk *disk;
	struct task_struct *thread;
};

static struct fp_dev *fp;

static blk_status_t fp_queue_rq(struct blk_mq_hw_ctx *hctx, const struct blk_mq_queue_data *bd)
{
	blk_mq_start_request(bd->rq);
	blk_mq_end_request(bd->rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops fp_mq_ops = {
	.queue_rq	= fp_queue_rq,
};

static void fp_free_disk(struct gendisk *disk)
{
	struct fp_dev *dd = disk->private_data;

	kfree(dd);
}

static const struct block_device_operations fp_fops = {
	.owner		= THIS_MODULE,
	.free_disk	= fp_free_disk,
};

static int fp_thread(void *data)
{
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	return 0;
}

static int fp_create(struct fp_dev *dd)
{
	int rv;

	rv = blk_mq_alloc_sq_tag_set(&dd->tags, &fp_mq_ops, 16, 0);
	if (rv)
		return rv;
	dd->disk = blk_mq_alloc_disk(&dd->tags, NULL, dd);
	if (IS_ERR(dd->disk)) {
		rv = PTR_ERR(dd->disk);
		goto free_tags;
	}
	dd->disk->fops = &fp_fops;
	dd->disk->private_data = dd;
	strscpy(dd->disk->disk_name, "fp0", DISK_NAME_LEN);
	set_capacity(dd->disk, 2048);
	rv = add_disk(dd->disk);
	if (rv)
		goto put_disk;
	dd->thread = kthread_run(fp_thread, dd, "fp_thread");
	if (IS_ERR(dd->thread)) {
		rv = PTR_ERR(dd->thread);
		goto del_disk;
	}
	return 0;

del_disk:
	del_gendisk(dd->disk);
put_disk:
	put_disk(dd->disk);
free_tags:
	blk_mq_free_tag_set(&dd->tags);
	return rv;
}

static int __init fp_init(void)
{
	int rv;

	fp = kzalloc(sizeof(*fp), GFP_KERNEL);
	if (!fp)
		return -ENOMEM;
	rv = fp_create(fp);
	if (rv)
		kfree(fp);
	return rv;
}

static void __exit fp_exit(void)
{
	kthread_stop(fp->thread);
	del_gendisk(fp->disk);
	blk_mq_free_tag_set(&fp->tags);
	put_disk(fp->disk);
}

module_init(fp_init);
module_exit(fp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: the driver struct used after the added disk's last put ran ->free_disk
 *
 * check-output-start
fire-free-disk-frees-private.c:87:23: warning: 'dd' used after put_disk() of the added 'dd->disk': its ->free_disk, fp_free_disk(), frees 'dd' (its private_data) [use-after-put]
fire-free-disk-frees-private.c:85:2: note: put_disk() here
fire-free-disk-frees-private.c:41:2: note: fp_free_disk() frees it here
 * check-output-end
 */
