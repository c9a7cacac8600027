// SPDX-License-Identifier: GPL-2.0
/*
 * rvol_attach() readies a volume before its disk is added: it takes the
 * backing size and starts the volume's poller thread (kthread_create()
 * and wake_up_process()) with the volume as data, keeping the task in
 * vol->poller.  rvol_create() calls it before add_disk(); when the add
 * fails, the unwinding puts the disk and frees the volume, but nothing
 * stops the poller: it polls a freed volume.
 */
#include <linux/blkdev.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>

struct rvol {
	struct gendisk *disk;
	struct task_struct *poller;
	sector_t size;
	int polls;
};

static struct rvol *the_rvol;

static int rvol_poll(void *data)
{
	struct rvol *vol = data;

	while (!kthread_should_stop()) {
		vol->polls++;
		msleep_interruptible(100);
	}
	return 0;
}

static int rvol_attach(struct rvol *vol, sector_t size)
{
	struct task_struct *t;

	if (!size)
		return -EINVAL;
	vol->size = size;
	t = kthread_create(rvol_poll, vol, "rvol-poll");
	if (IS_ERR(t))
		return PTR_ERR(t);
	vol->poller = t;
	wake_up_process(t);
	return 0;
}

static void rvol_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations rvol_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= rvol_submit_bio,
};

static int rvol_create(sector_t size)
{
	struct rvol *vol;
	struct gendisk *disk;
	int ret = -ENOMEM;

	vol = kzalloc(sizeof(*vol), GFP_KERNEL);
	if (!vol)
		return ret;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		ret = PTR_ERR(disk);
		goto out_vol;
	}
	vol->disk = disk;
	disk->fops = &rvol_fops;
	disk->private_data = vol;
	snprintf(disk->disk_name, DISK_NAME_LEN, "rvol0");

	ret = rvol_attach(vol, size);
	if (ret)
		goto out_disk;
	set_capacity(disk, vol->size);

	ret = add_disk(disk);
	if (ret)
		goto out_disk;
	the_rvol = vol;
	return 0;

out_disk:
	put_disk(disk);
out_vol:
	kfree(vol);
	return ret;
}

static int __init rvol_init(void)
{
	return rvol_create(8192);
}

static void __exit rvol_exit(void)
{
	del_gendisk(the_rvol->disk);
	kthread_stop(the_rvol->poller);
	put_disk(the_rvol->disk);
	kfree(the_rvol);
}

module_init(rvol_init);
module_exit(rvol_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a helper starts a thread on the volume before add_disk(); the failed add frees it
 * check-command: gendisk-lint --rule add-disk-fail-cleanup --kdir $KDIR $file
 *
 * check-output-start
fire-thread-helper-left-running.c:94:2: warning: 'vol' freed after add_disk() failed while the kernel thread started on it still runs: kthread_stop() it first [add-disk-fail-cleanup]
fire-thread-helper-left-running.c:85:8: note: add_disk() failed on this path
fire-thread-helper-left-running.c:80:8: note: rvol_attach() starts a kernel thread on 'vol' here
 * check-output-end
 */
