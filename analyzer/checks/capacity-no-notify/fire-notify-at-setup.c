// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of ok-sized-late.c: the probe sizes the disk before
 * add_disk() with set_capacity_and_notify() (allowed there: it sends
 * nothing before the disk is added, virtio_blk shares one helper between
 * probe and resize this way), so the disk is not added empty; the resize
 * work then changes the live, non-zero capacity with plain set_capacity()
 * and user space hears nothing.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/workqueue.h>

struct rsn_dev {
	struct gendisk *disk;
	struct work_struct config_work;
	sector_t new_sectors;
};

static struct rsn_dev rsn;

static void rsn_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations rsn_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= rsn_submit_bio,
};

static void rsn_config_changed_work(struct work_struct *work)
{
	struct rsn_dev *dev = container_of(work, struct rsn_dev, config_work);

	set_capacity(dev->disk, dev->new_sectors);
}

static int __init rsn_init(void)
{
	struct gendisk *disk;
	int err;

	INIT_WORK(&rsn.config_work, rsn_config_changed_work);
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &rsn_fops;
	strscpy(disk->disk_name, "rsn0", DISK_NAME_LEN);
	set_capacity_and_notify(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	rsn.disk = disk;
	return 0;
}

static void __exit rsn_exit(void)
{
	flush_work(&rsn.config_work);
	del_gendisk(rsn.disk);
	put_disk(rsn.disk);
}

module_init(rsn_init);
module_exit(rsn_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: sized with set_capacity_and_notify() before add, resized with set_capacity()
 *
 * check-output-start
fire-notify-at-setup.c:36:2: warning: set_capacity() on 'dev->disk' outside the path that sets the disk up: on a live disk user space gets no RESIZE=1 uevent; use set_capacity_and_notify() [capacity-no-notify]
 * check-output-end
 */
