/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own compat header (fixture of fire-61-header-inline.c):
 * its 6.1 wrapper sets the queue limits before checking the allocation.
 */
#ifndef SBD_ALLOC_UNCHECKED_H
#define SBD_ALLOC_UNCHECKED_H

#include <linux/blkdev.h>

static inline struct gendisk *sbd_alloc_disk(unsigned int lbs, int node)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(node);
	blk_queue_logical_block_size(disk->queue, lbs);
	if (!disk)
		return ERR_PTR(-ENOMEM);
	return disk;
}

#endif
