// SPDX-License-Identifier: GPL-2.0
/*
 * fops-signatures: a 5.x ->ioctl taking fmode_t gets blk_mode_t (6.5);
 * gcc accepts either (both unsigned int), sparse does not (blk_mode_t is
 * __bitwise).
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static int fx_ioctl(struct block_device *bdev, fmode_t mode,
		    unsigned int cmd, unsigned long arg)
{
	if (cmd != BLKFLSBUF)
		return -ENOTTY;
	return 0;
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.ioctl		= fx_ioctl,
};

const struct block_device_operations *fx_ops(void);
const struct block_device_operations *fx_ops(void)
{
	return &fx_fops;
}

MODULE_LICENSE("GPL");
