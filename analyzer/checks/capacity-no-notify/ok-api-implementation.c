// SPDX-License-Identifier: GPL-2.0
/*
 * A definition of set_capacity_and_notify() itself: the block layer's
 * implementation (block/genhd.c, analysed with --include-block-core) or a
 * backport shim for a kernel without it.  Its set_capacity() on a live
 * disk is what the API does before it sends the RESIZE=1 uevent, not a
 * driver forgetting the uevent: a function whose own name is a lifecycle
 * API function is not judged by the driver rules.  The driver's own
 * resize work below calls it, as virtio_blk's virtblk_update_capacity()
 * does.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/workqueue.h>

struct apim_dev {
	struct gendisk *disk;
	struct work_struct config_work;
	sector_t new_sectors;
};

static struct apim_dev apim;

bool set_capacity_and_notify(struct gendisk *disk, sector_t size)
{
	sector_t capacity = get_capacity(disk);

	set_capacity(disk, size);
	if (capacity == size || !disk_live(disk))
		return false;
	kobject_uevent(&disk_to_dev(disk)->kobj, KOBJ_CHANGE);
	return true;
}

static void apim_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations apim_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= apim_submit_bio,
};

static void apim_config_changed_work(struct work_struct *work)
{
	struct apim_dev *dev = container_of(work, struct apim_dev, config_work);

	set_capacity_and_notify(dev->disk, dev->new_sectors);
}

static int __init apim_init(void)
{
	struct gendisk *disk;
	int err;

	INIT_WORK(&apim.config_work, apim_config_changed_work);
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &apim_fops;
	strscpy(disk->disk_name, "apim0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	apim.disk = disk;
	return 0;
}

static void __exit apim_exit(void)
{
	flush_work(&apim.config_work);
	del_gendisk(apim.disk);
	put_disk(apim.disk);
}

module_init(apim_init);
module_exit(apim_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a definition of set_capacity_and_notify() is the API, not a driver
 */
