// SPDX-License-Identifier: GPL-2.0
/*
 * bdev-helpers: the 5.x size reads through bd_inode and the discard test
 * through the queue, ported to the bdev_*() helpers by patch mode.
 * gendisk-cocci: legacy input (uses API removed before 6.12); only the
 * .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/fs.h>

sector_t fx_sectors(struct block_device *bdev);
sector_t fx_sectors(struct block_device *bdev)
{
	return i_size_read(bdev->bd_inode) >> 9;
}

sector_t fx_sectors2(struct block_device *bdev);
sector_t fx_sectors2(struct block_device *bdev)
{
	return i_size_read(bdev->bd_inode) >> SECTOR_SHIFT;
}

loff_t fx_bytes(struct block_device *bdev);
loff_t fx_bytes(struct block_device *bdev)
{
	return i_size_read(bdev->bd_inode);
}

bool fx_can_discard(struct block_device *bdev);
bool fx_can_discard(struct block_device *bdev)
{
	return blk_queue_discard(bdev_get_queue(bdev));
}

MODULE_LICENSE("GPL");
