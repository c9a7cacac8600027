// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss modelled on floppy.c / swim.c: a removable-media driver sets
 * the capacity of its (live) disk when a medium is opened, from the
 * detected format.  User space learns of the new medium through the
 * media-change event (disk->events, ->check_events), not a RESIZE uevent.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct rmv_drive {
	struct gendisk *disk;
	bool ejected;
	sector_t format_sectors;
};

static struct rmv_drive rmv = { .format_sectors = 2880 };

static void rmv_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static int rmv_open(struct gendisk *disk, blk_mode_t mode)
{
	struct rmv_drive *drive = disk->private_data;

	if (drive->ejected)
		return -ENXIO;
	set_capacity(disk, drive->format_sectors);
	return 0;
}

static unsigned int rmv_check_events(struct gendisk *disk, unsigned int clearing)
{
	struct rmv_drive *drive = disk->private_data;

	return drive->ejected ? DISK_EVENT_MEDIA_CHANGE : 0;
}

static const struct block_device_operations rmv_fops = {
	.owner		= THIS_MODULE,
	.open		= rmv_open,
	.check_events	= rmv_check_events,
	.submit_bio	= rmv_submit_bio,
};

static int __init rmv_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &rmv_fops;
	disk->private_data = &rmv;
	disk->events = DISK_EVENT_MEDIA_CHANGE;
	disk->flags |= GENHD_FL_REMOVABLE;
	strscpy(disk->disk_name, "rmv0", DISK_NAME_LEN);
	set_capacity(disk, rmv.format_sectors);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	rmv.disk = disk;
	return 0;
}

static void __exit rmv_exit(void)
{
	del_gendisk(rmv.disk);
	put_disk(rmv.disk);
}

module_init(rmv_init);
module_exit(rmv_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: removable-media driver sizing the disk at open
 */
