// SPDX-License-Identifier: GPL-2.0
/*
 * Linux 6.1: a remove function written for the removed
 * blk_cleanup_disk() (which did the put) was converted by adding
 * put_disk() while a later put_disk() of the old teardown stayed.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct rt_dev {
	struct gendisk *disk;
};

static struct rt_dev rt;

static void rt_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations rt_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= rt_submit_bio,
};

static void rt_remove(struct rt_dev *dev)
{
	del_gendisk(dev->disk);
	put_disk(dev->disk);
	invalidate_disk(dev->disk);
	put_disk(dev->disk);
}

static int __init rt_init(void)
{
	int err;

	rt.disk = blk_alloc_disk(NUMA_NO_NODE);
	if (!rt.disk)
		return -ENOMEM;
	rt.disk->fops = &rt_fops;
	strscpy(rt.disk->disk_name, "rt0", DISK_NAME_LEN);
	set_capacity(rt.disk, 2048);
	err = add_disk(rt.disk);
	if (err)
		put_disk(rt.disk);
	return err;
}

static void __exit rt_exit(void)
{
	rt_remove(&rt);
}

module_init(rt_init);
module_exit(rt_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: 6.1 remove puts dev->disk twice (with a use in between)
 * check-kernel: 6.1
 * check-command: gendisk-lint --rule double-put --kdir $KDIR $file
 *
 * check-output-start
fire-61-remove-twice.c:31:2: warning: put_disk() called twice on 'dev->disk' [double-put]
fire-61-remove-twice.c:29:2: note: first put_disk() here
 * check-output-end
 */
