// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of ok-api-implementation.c: the same body in a driver's
 * own helper, apil_set_capacity_and_notify(), named after the API but not
 * it, and without the uevent (a copy that forgot it).  Only a function
 * whose name *is* a lifecycle API function is left out of the driver
 * rules, so this one is judged: its set_capacity() on the live disk,
 * reached from the resize work, tells user space nothing.  (With its own
 * kobject_uevent() on the disk it would be silent: see ok-own-uevent.c.)
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/workqueue.h>

struct apil_dev {
	struct gendisk *disk;
	struct work_struct config_work;
	sector_t new_sectors;
};

static struct apil_dev apil;

static bool apil_set_capacity_and_notify(struct gendisk *disk, sector_t size)
{
	sector_t capacity = get_capacity(disk);

	set_capacity(disk, size);
	if (capacity == size || !disk_live(disk))
		return false;
	pr_info("%s: capacity changed\n", disk->disk_name);
	return true;
}

static void apil_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations apil_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= apil_submit_bio,
};

static void apil_config_changed_work(struct work_struct *work)
{
	struct apil_dev *dev = container_of(work, struct apil_dev, config_work);

	apil_set_capacity_and_notify(dev->disk, dev->new_sectors);
}

static int __init apil_init(void)
{
	struct gendisk *disk;
	int err;

	INIT_WORK(&apil.config_work, apil_config_changed_work);
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &apil_fops;
	strscpy(disk->disk_name, "apil0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	apil.disk = disk;
	return 0;
}

static void __exit apil_exit(void)
{
	flush_work(&apil.config_work);
	del_gendisk(apil.disk);
	put_disk(apil.disk);
}

module_init(apil_init);
module_exit(apil_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a driver helper named like set_capacity_and_notify() is still judged
 *
 * check-output-start
fire-api-lookalike.c:27:2: warning: set_capacity() on 'disk' outside the path that sets the disk up: on a live disk user space gets no RESIZE=1 uevent; use set_capacity_and_notify() [capacity-no-notify]
 * check-output-end
 */
