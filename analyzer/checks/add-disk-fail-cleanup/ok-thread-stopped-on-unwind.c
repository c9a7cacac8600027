// SPDX-License-Identifier: GPL-2.0
/*
 * As a volume whose poller is started by a helper before add_disk(), but
 * the unwinding of a failed add stops the poller (through svol_detach())
 * before it puts the disk and frees the volume.
 */
#include <linux/blkdev.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>

struct svol {
	struct gendisk *disk;
	struct task_struct *poller;
	int polls;
};

static struct svol *the_svol;

static int svol_poll(void *data)
{
	struct svol *vol = data;

	while (!kthread_should_stop()) {
		vol->polls++;
		msleep_interruptible(100);
	}
	return 0;
}

static int svol_attach(struct svol *vol)
{
	vol->poller = kthread_run(svol_poll, vol, "svol-poll");
	return PTR_ERR_OR_ZERO(vol->poller);
}

static void svol_detach(struct svol *vol)
{
	kthread_stop(vol->poller);
	vol->poller = NULL;
}

static void svol_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations svol_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= svol_submit_bio,
};

static int __init svol_init(void)
{
	struct svol *vol;
	int ret = -ENOMEM;

	vol = kzalloc(sizeof(*vol), GFP_KERNEL);
	if (!vol)
		return ret;
	vol->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(vol->disk)) {
		ret = PTR_ERR(vol->disk);
		goto out_vol;
	}
	vol->disk->fops = &svol_fops;
	vol->disk->private_data = vol;
	snprintf(vol->disk->disk_name, DISK_NAME_LEN, "svol0");
	set_capacity(vol->disk, 4096);

	ret = svol_attach(vol);
	if (ret)
		goto out_disk;
	ret = add_disk(vol->disk);
	if (ret)
		goto out_detach;
	the_svol = vol;
	return 0;

out_detach:
	svol_detach(vol);
out_disk:
	put_disk(vol->disk);
out_vol:
	kfree(vol);
	return ret;
}

static void __exit svol_exit(void)
{
	del_gendisk(the_svol->disk);
	svol_detach(the_svol);
	put_disk(the_svol->disk);
	kfree(the_svol);
}

module_init(svol_init);
module_exit(svol_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: the failed add's unwinding stops the poller before the free
 */
