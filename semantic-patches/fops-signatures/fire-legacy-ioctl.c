// SPDX-License-Identifier: GPL-2.0
/*
 * fops-signatures: a 5.x ->ioctl and ->compat_ioctl (under #ifdef, as
 * drivers write it) taking fmode_t get blk_mode_t (6.5);
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

static int fx_compat_ioctl(struct block_device *bdev, fmode_t mode,
			   unsigned int cmd, unsigned long arg)
{
	return fx_ioctl(bdev, mode, cmd, arg);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.ioctl		= fx_ioctl,
#ifdef CONFIG_COMPAT
	.compat_ioctl	= fx_compat_ioctl,
#endif
};

const struct block_device_operations *fx_ops(void);
const struct block_device_operations *fx_ops(void)
{
	return &fx_fops;
}

MODULE_LICENSE("GPL");
