// SPDX-License-Identifier: GPL-2.0
/*
 * A device whose size can change at run time (a virtio-blk style "config
 * changed" notification, handled in a work item): the work function
 * updates the capacity of the live disk with plain set_capacity(), so no
 * RESIZE=1 uevent reaches udev and lsblk keeps the old size.  virtio_blk
 * itself uses set_capacity_and_notify() in virtblk_update_capacity().
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/workqueue.h>

struct rsz_dev {
	struct gendisk *disk;
	struct work_struct config_work;
	sector_t new_sectors;
};

static struct rsz_dev rsz;

static void rsz_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations rsz_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= rsz_submit_bio,
};

static void rsz_config_changed_work(struct work_struct *work)
{
	struct rsz_dev *dev = container_of(work, struct rsz_dev, config_work);

	set_capacity(dev->disk, dev->new_sectors);
}

static int __init rsz_init(void)
{
	struct gendisk *disk;
	int err;

	INIT_WORK(&rsz.config_work, rsz_config_changed_work);
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &rsz_fops;
	strscpy(disk->disk_name, "rsz0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	rsz.disk = disk;
	return 0;
}

static void __exit rsz_exit(void)
{
	flush_work(&rsz.config_work);
	del_gendisk(rsz.disk);
	put_disk(rsz.disk);
}

module_init(rsz_init);
module_exit(rsz_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: capacity changed from a work item without the RESIZE uevent
 *
 * check-output-start
fire-resize-work.c:35:2: warning: set_capacity() on 'dev->disk' outside the path that sets the disk up: on a live disk user space gets no RESIZE=1 uevent; use set_capacity_and_notify() [capacity-no-notify]
 * check-output-end
 */
