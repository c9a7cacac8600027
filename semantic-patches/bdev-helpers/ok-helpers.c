// SPDX-License-Identifier: GPL-2.0
/*
 * bdev-helpers: the helpers already: nothing to report or change.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

sector_t fx_sectors(struct block_device *bdev);
sector_t fx_sectors(struct block_device *bdev)
{
	return bdev_nr_sectors(bdev);
}

bool fx_can_discard(struct block_device *bdev);
bool fx_can_discard(struct block_device *bdev)
{
	return bdev_max_discard_sectors(bdev) != 0;
}

MODULE_LICENSE("GPL");
