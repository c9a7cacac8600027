/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own compat header (fixture of ok-header-wrapper-sets-up.c):
 * its wrapper sets the fops and the name before it returns the disk.
 */
#ifndef ABR_ALLOC_SETS_UP_H
#define ABR_ALLOC_SETS_UP_H

#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static inline struct gendisk *abr_alloc_disk(struct blk_mq_tag_set *set, void *data,
					     const struct block_device_operations *fops)
{
	struct gendisk *disk;

	disk = blk_mq_alloc_disk(set, NULL, data);
	if (IS_ERR(disk))
		return disk;
	disk->fops = fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "abr%d", 0);
	return disk;
}

#endif
