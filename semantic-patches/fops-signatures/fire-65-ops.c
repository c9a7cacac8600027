// SPDX-License-Identifier: GPL-2.0
/*
 * fops-signatures --compat: a 6.5-6.8 driver, whose ->open already takes
 * (struct gendisk *, fmode_t) and ->release (struct gendisk *): the mode
 * becomes a blk_mode_t and both get the wrappers of
 * gendisk_port_compat.h, so the port builds on 6.1 (before 6.5) too.
 * gendisk-cocci-flags: -D compat
 * gendisk-cocci-kernel: 6.1
 * gendisk-cocci: legacy input (the 6.5 signatures do not build on 6.1);
 * only the .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include "../gendisk_port_compat.h"

static int fx_users;

static int fx_open(struct gendisk *disk, fmode_t mode)
{
	if ((mode & FMODE_WRITE) && get_disk_ro(disk))
		return -EROFS;
	fx_users++;
	return 0;
}

static void fx_release(struct gendisk *disk)
{
	fx_users--;
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.open		= fx_open,
	.release	= fx_release,
};

const struct block_device_operations *fx_ops(void);
const struct block_device_operations *fx_ops(void)
{
	return &fx_fops;
}

MODULE_LICENSE("GPL");
