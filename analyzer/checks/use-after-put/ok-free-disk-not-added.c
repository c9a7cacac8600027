// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of fire-free-disk-frees-private.c: the disk's ->free_disk
 * frees the driver struct, but the only put followed by a use of that
 * struct is the put after a failed add_disk(): a disk that was never
 * added does not run ->free_disk (disk_release() tests GD_ADDED), so
 * freeing the tag set through dd and then dd itself is the right unwind
 * (virtio_blk's probe in 6.12).  The exit puts the added disk last.
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
	dd->thread = kthread_run(fp_thread, dd, "fp_thread");
	if (IS_ERR(dd->thread)) {
		rv = PTR_ERR(dd->thread);
		goto put_disk;
	}
	rv = add_disk(dd->disk);
	if (rv)
		goto stop_thread;
	return 0;

stop_thread:
	kthread_stop(dd->thread);
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
 * check-name: the driver struct used after the put of a disk whose add failed
 */
