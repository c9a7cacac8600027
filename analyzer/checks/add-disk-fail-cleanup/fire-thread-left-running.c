// SPDX-License-Identifier: GPL-2.0
/*
 * A queue device starts its worker thread, with the device as the
 * thread's data, before add_disk().  When add_disk() fails, the unwinding
 * puts the disk and frees the device but never stops the worker, which
 * goes on running on the freed device.
 */
#include <linux/blkdev.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/wait.h>

struct qdev {
	struct gendisk *disk;
	struct task_struct *worker;
	wait_queue_head_t wait;
	unsigned long kicks;
};

static struct qdev *the_qdev;

static int qdev_worker(void *data)
{
	struct qdev *q = data;

	while (!kthread_should_stop()) {
		wait_event_interruptible(q->wait, q->kicks || kthread_should_stop());
		q->kicks = 0;
	}
	return 0;
}

static void qdev_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations qdev_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= qdev_submit_bio,
};

static int __init qdev_init(void)
{
	struct qdev *q;
	int err;

	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	init_waitqueue_head(&q->wait);

	q->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(q->disk)) {
		err = PTR_ERR(q->disk);
		goto out_free;
	}
	q->disk->fops = &qdev_fops;
	q->disk->private_data = q;
	snprintf(q->disk->disk_name, DISK_NAME_LEN, "qdev0");
	set_capacity(q->disk, 2048);

	q->worker = kthread_run(qdev_worker, q, "qdev-worker");
	if (IS_ERR(q->worker)) {
		err = PTR_ERR(q->worker);
		goto out_put;
	}

	err = add_disk(q->disk);
	if (err)
		goto out_put;
	the_qdev = q;
	return 0;

out_put:
	put_disk(q->disk);
out_free:
	kfree(q);
	return err;
}

static void __exit qdev_exit(void)
{
	del_gendisk(the_qdev->disk);
	kthread_stop(the_qdev->worker);
	put_disk(the_qdev->disk);
	kfree(the_qdev);
}

module_init(qdev_init);
module_exit(qdev_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a worker started on the device before add_disk() outlives the failed add's free
 * check-command: gendisk-lint --rule add-disk-fail-cleanup --kdir $KDIR $file
 *
 * check-output-start
fire-thread-left-running.c:79:2: warning: 'q' freed after add_disk() failed while the kernel thread started on it still runs: kthread_stop() it first [add-disk-fail-cleanup]
fire-thread-left-running.c:70:8: note: add_disk() failed on this path
fire-thread-left-running.c:64:14: note: kernel thread started on 'q' here
 * check-output-end
 */
