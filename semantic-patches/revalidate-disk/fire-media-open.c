// SPDX-License-Identifier: GPL-2.0
/*
 * revalidate-disk: a removable-media RAM disk of the 5.10 era names its
 * revalidate function in the fops and calls it through them after a
 * media change, in ->open.  The method is gone: the initializer goes
 * and the call through the fops becomes a direct call.
 * gendisk-cocci: legacy input (block_device_operations.revalidate_disk
 * is gone before 6.1); only the .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct rv_dev {
	bool media_changed;
	sector_t sectors;
};

static int rv_revalidate(struct gendisk *disk)
{
	struct rv_dev *dev = disk->private_data;

	if (dev->media_changed) {
		dev->media_changed = false;
		set_capacity(disk, dev->sectors);
	}
	return 0;
}

static int rv_open(struct gendisk *disk, blk_mode_t mode)
{
	const struct block_device_operations *ops = disk->fops;

	if (disk_check_media_change(disk)) {
		if (ops && ops->revalidate_disk)
			ops->revalidate_disk(disk);
	}
	return 0;
}

static const struct block_device_operations rv_fops = {
	.owner		= THIS_MODULE,
	.open		= rv_open,
	.revalidate_disk = rv_revalidate,
};

const struct block_device_operations *rv_ops(void);
const struct block_device_operations *rv_ops(void)
{
	return &rv_fops;
}

MODULE_LICENSE("GPL");
