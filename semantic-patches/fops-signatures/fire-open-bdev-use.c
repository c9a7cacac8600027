// SPDX-License-Identifier: GPL-2.0
/*
 * fops-signatures --compat: an ->open that uses its block_device for more
 * than bd_disk (here bd_dev) is left alone -- a gendisk parameter would
 * not compile -- and so are its fops entry and wrapper; ->release and
 * ->ioctl are still ported (the ioctl's mode becomes a blk_mode_t).
 * gendisk-cocci-flags: -D compat
 * gendisk-cocci-kernel: 6.1
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include "../gendisk_port_compat.h"

static int fx_users;
static dev_t fx_last;

static int fx_open(struct block_device *bdev, fmode_t mode)
{
	if ((mode & FMODE_WRITE) && get_disk_ro(bdev->bd_disk))
		return -EROFS;
	fx_last = bdev->bd_dev;
	fx_users++;
	return 0;
}

static void fx_release(struct gendisk *disk, fmode_t mode)
{
	fx_users--;
}

static int fx_ioctl(struct block_device *bdev, fmode_t mode,
		    unsigned int cmd, unsigned long arg)
{
	if (cmd == 1 && !(mode & FMODE_WRITE))
		return -EPERM;
	return -ENOTTY;
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.open		= fx_open,
	.release	= fx_release,
	.ioctl		= fx_ioctl,
};

const struct block_device_operations *fx_ops(void);
const struct block_device_operations *fx_ops(void)
{
	return &fx_fops;
}

MODULE_LICENSE("GPL");
