// SPDX-License-Identifier: GPL-2.0
/*
 * The flusher thread is started on the cache device only once add_disk()
 * has succeeded; the failed add's unwinding frees a device no thread
 * runs on.  A device whose flusher cannot start stays up, flushing on
 * every write instead.
 */
#include <linux/blkdev.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>

struct cdev_box {
	struct gendisk *disk;
	struct task_struct *flusher;
	int flushes;
};

static struct cdev_box *the_box;

static int box_flush(void *data)
{
	struct cdev_box *box = data;

	while (!kthread_should_stop()) {
		box->flushes++;
		msleep_interruptible(500);
	}
	return 0;
}

static void box_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations box_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= box_submit_bio,
};

static int __init box_init(void)
{
	struct cdev_box *box;
	int ret;

	box = kzalloc(sizeof(*box), GFP_KERNEL);
	if (!box)
		return -ENOMEM;
	box->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(box->disk)) {
		ret = PTR_ERR(box->disk);
		goto out_box;
	}
	box->disk->fops = &box_fops;
	box->disk->private_data = box;
	snprintf(box->disk->disk_name, DISK_NAME_LEN, "cbox0");
	set_capacity(box->disk, 4096);

	ret = add_disk(box->disk);
	if (ret)
		goto out_put;

	box->flusher = kthread_run(box_flush, box, "cbox-flush");
	if (IS_ERR(box->flusher)) {
		pr_warn("cbox0: no flusher, writing through\n");
		box->flusher = NULL;
	}
	the_box = box;
	return 0;

out_put:
	put_disk(box->disk);
out_box:
	kfree(box);
	return ret;
}

static void __exit box_exit(void)
{
	if (the_box->flusher)
		kthread_stop(the_box->flusher);
	del_gendisk(the_box->disk);
	put_disk(the_box->disk);
	kfree(the_box);
}

module_init(box_init);
module_exit(box_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a thread started only after add_disk() succeeded
 */
