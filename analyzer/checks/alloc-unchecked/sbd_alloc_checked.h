/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own compat header (fixture of ok-61-header-inline-*.c):
 * the allocation is checked before its queue is touched, and the
 * pass-through wrapper leaves the check to its caller.
 */
#ifndef SBD_ALLOC_CHECKED_H
#define SBD_ALLOC_CHECKED_H

#include <linux/blkdev.h>

static inline struct gendisk *sbd_alloc_disk(unsigned int lbs, int node)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(node);
	if (!disk)
		return ERR_PTR(-ENOMEM);
	blk_queue_logical_block_size(disk->queue, lbs);
	return disk;
}

static inline struct gendisk *sbd_alloc_disk_raw(int node)
{
	return blk_alloc_disk(node);
}

#endif
