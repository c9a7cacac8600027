// SPDX-License-Identifier: GPL-2.0
/*
 * genhd-removed-flags: a 5.10 driver sets GENHD_FL_NATIVE_CAPACITY and
 * GENHD_FL_BLOCK_EVENTS_ON_EXCL_WRITE, tests GENHD_FL_CD in ->ioctl and
 * GENHD_FL_UP before a resize; none of these flags exists on 6.1.
 * gendisk-cocci: legacy input (the flags are gone before 6.1); only the
 * .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static int of_ioctl(struct block_device *bdev, blk_mode_t mode,
		    unsigned int cmd, unsigned long arg)
{
	struct gendisk *disk = bdev->bd_disk;

	if (disk->flags & GENHD_FL_CD)
		return -EINVAL;
	if (get_disk_ro(disk))
		return -EROFS;
	return -ENOTTY;
}

void of_setup(struct gendisk *disk, struct gendisk *spare);
void of_setup(struct gendisk *disk, struct gendisk *spare)
{
	disk->flags |= GENHD_FL_NATIVE_CAPACITY;
	disk->flags = GENHD_FL_REMOVABLE | GENHD_FL_BLOCK_EVENTS_ON_EXCL_WRITE;
	spare->flags = GENHD_FL_CD;
}

void of_resize(struct gendisk *disk, sector_t sectors);
void of_resize(struct gendisk *disk, sector_t sectors)
{
	if (disk->flags & GENHD_FL_UP)
		set_capacity_and_notify(disk, sectors);
}

static const struct block_device_operations of_fops = {
	.owner		= THIS_MODULE,
	.ioctl		= of_ioctl,
};

const struct block_device_operations *of_ops(void);
const struct block_device_operations *of_ops(void)
{
	return &of_fops;
}

MODULE_LICENSE("GPL");
