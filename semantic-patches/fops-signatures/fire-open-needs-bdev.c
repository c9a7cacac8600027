// SPDX-License-Identifier: GPL-2.0
/*
 * fops-signatures --compat: an ->open that keeps its block_device (it
 * records it for a later ioctl) cannot take a gendisk without a rewrite
 * by hand: reported, and the patch leaves it and its fops entry on the
 * 5.x signature (no GDPORT_OPEN() around a method that does not have the
 * 6.5 signature, no "'bdev' undeclared").
 * gendisk-cocci-flags: -D compat
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct fx_dev {
	struct block_device *last_opener;
	int users;
};

static int fx_open(struct block_device *bdev, fmode_t mode)
{
	struct fx_dev *fx = bdev->bd_disk->private_data;

	fx->last_opener = bdev;
	fx->users++;
	return 0;
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.open		= fx_open,
};

const struct block_device_operations *fx_ops(void);
const struct block_device_operations *fx_ops(void)
{
	return &fx_fops;
}

MODULE_LICENSE("GPL");
