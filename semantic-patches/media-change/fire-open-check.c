// SPDX-License-Identifier: GPL-2.0
/*
 * media-change: a removable-media driver whose ->open is already on
 * the 6.5 signature still has a helper that checks for a media change
 * through the block_device (the 5.10 idiom); the check takes the disk
 * on 6.5 and later.  The input builds on 6.1 but for ->open, the result
 * on 6.12 (6.1 with the port's compat header).
 * gendisk-cocci: legacy input (bdev_check_media_change is gone from
 * 6.12); only the .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct mc_dev {
	bool changed;
};

static int mc_open(struct gendisk *disk, blk_mode_t mode)
{
	struct mc_dev *dev = disk->private_data;

	if (disk_check_media_change(disk))
		dev->changed = false;
	return 0;
}

static bool mc_recheck(struct block_device *bdev)
{
	return bdev_check_media_change(bdev);
}

static const struct block_device_operations mc_fops = {
	.owner		= THIS_MODULE,
	.open		= mc_open,
};

const struct block_device_operations *mc_ops(bool (**recheck)(struct block_device *));
const struct block_device_operations *mc_ops(bool (**recheck)(struct block_device *))
{
	*recheck = mc_recheck;
	return &mc_fops;
}

MODULE_LICENSE("GPL");
