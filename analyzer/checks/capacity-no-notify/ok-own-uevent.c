// SPDX-License-Identifier: GPL-2.0
/*
 * A driver that tells user space of its disk's changes itself, as dasd
 * (dasd_state_ready_to_online(): kobject_uevent(&disk_to_dev(gdp)->kobj,
 * KOBJ_CHANGE)) and device-mapper (dm_kobject_uevent() with RESIZE=1 on
 * resume) do: the capacity is set with set_capacity() while the device is
 * brought up, and the change uevent follows once it is usable.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/workqueue.h>

struct ou_dev {
	struct gendisk *disk;
	struct work_struct online_work;
	sector_t new_sectors;
};

static struct ou_dev ou;

static void ou_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ou_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ou_submit_bio,
};

static void ou_online_work(struct work_struct *work)
{
	struct ou_dev *dev = container_of(work, struct ou_dev, online_work);

	set_capacity(dev->disk, dev->new_sectors);
	kobject_uevent(&disk_to_dev(dev->disk)->kobj, KOBJ_CHANGE);
}

static int __init ou_init(void)
{
	struct gendisk *disk;
	int err;

	INIT_WORK(&ou.online_work, ou_online_work);
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ou_fops;
	strscpy(disk->disk_name, "ou0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	ou.disk = disk;
	return 0;
}

static void __exit ou_exit(void)
{
	flush_work(&ou.online_work);
	del_gendisk(ou.disk);
	put_disk(ou.disk);
}

module_init(ou_init);
module_exit(ou_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: the driver sends its own change uevent on the disk (dasd, dm)
 */
