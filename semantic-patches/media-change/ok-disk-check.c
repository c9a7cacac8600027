// SPDX-License-Identifier: GPL-2.0
/*
 * media-change: a driver already on disk_check_media_change(); nothing
 * changes.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static int md_open(struct gendisk *disk, blk_mode_t mode)
{
	disk_check_media_change(disk);
	return 0;
}

static const struct block_device_operations md_fops = {
	.owner		= THIS_MODULE,
	.open		= md_open,
};

const struct block_device_operations *md_ops(void);
const struct block_device_operations *md_ops(void)
{
	return &md_fops;
}

MODULE_LICENSE("GPL");
