// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of ok-own-uevent.c: the change uevent goes to the parent
 * device's kobject, not to the disk's, so udev never re-reads the disk's
 * size: only a uevent on the disk itself (disk_to_dev(), disk_uevent())
 * stands in for set_capacity_and_notify().
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/workqueue.h>

struct ov_dev {
	struct gendisk *disk;
	struct device *parent;
	struct work_struct online_work;
	sector_t new_sectors;
};

static struct ov_dev ov;

static void ov_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ov_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ov_submit_bio,
};

static void ov_online_work(struct work_struct *work)
{
	struct ov_dev *dev = container_of(work, struct ov_dev, online_work);

	set_capacity(dev->disk, dev->new_sectors);
	kobject_uevent(&dev->parent->kobj, KOBJ_CHANGE);
}

static int __init ov_init(void)
{
	struct gendisk *disk;
	int err;

	INIT_WORK(&ov.online_work, ov_online_work);
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ov_fops;
	strscpy(disk->disk_name, "ov0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	ov.disk = disk;
	return 0;
}

static void __exit ov_exit(void)
{
	flush_work(&ov.online_work);
	del_gendisk(ov.disk);
	put_disk(ov.disk);
}

module_init(ov_init);
module_exit(ov_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a change uevent on another kobject is no RESIZE uevent for the disk
 *
 * check-output-start
fire-uevent-other-kobject.c:35:2: warning: set_capacity() on 'dev->disk' outside the path that sets the disk up: on a live disk user space gets no RESIZE=1 uevent; use set_capacity_and_notify() [capacity-no-notify]
 * check-output-end
 */
