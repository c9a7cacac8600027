// SPDX-License-Identifier: GPL-2.0
/*
 * media-change: a 5.x removable-media driver.  A helper checks for a
 * media change with check_disk_change() (gone in 5.10), and the fops
 * answer through ->media_changed (gone in 5.10), int md_changed(disk)
 * named nowhere else: the call becomes disk_check_media_change(), the
 * method ->check_events with its signature and the event bit, and the
 * disk gets the event it reports (without it the block layer never
 * asks).  The ->open is already on the 6.5 signature, so the result
 * builds on 6.12.
 * gendisk-cocci: legacy input (check_disk_change and ->media_changed
 * are gone before 6.1); only the .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct md_dev {
	bool changed;
	struct gendisk *disk;
};

static int md_changed(struct gendisk *disk)
{
	struct md_dev *dev = disk->private_data;

	return dev->changed;
}

static int md_open(struct gendisk *disk, blk_mode_t mode)
{
	return 0;
}

static bool md_recheck(struct block_device *bdev)
{
	return check_disk_change(bdev);
}

static const struct block_device_operations md_fops = {
	.owner		= THIS_MODULE,
	.open		= md_open,
	.media_changed	= md_changed,
};

int md_setup(struct md_dev *dev, bool (**recheck)(struct block_device *));
int md_setup(struct md_dev *dev, bool (**recheck)(struct block_device *))
{
	dev->disk->fops = &md_fops;
	dev->disk->private_data = dev;
	*recheck = md_recheck;
	return 0;
}

MODULE_LICENSE("GPL");
