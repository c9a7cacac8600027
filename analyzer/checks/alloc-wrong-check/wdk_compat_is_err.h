/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own compat header (fixture of fire-61-header-inline.c):
 * its wrapper tests blk_alloc_disk() with IS_ERR(), 6.12's convention,
 * but on 6.1 blk_alloc_disk(node) returns NULL on failure.
 */
#ifndef WDK_COMPAT_IS_ERR_H
#define WDK_COMPAT_IS_ERR_H

#include <linux/blkdev.h>

static inline struct gendisk *wdk_alloc_disk(int node)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(node);
	if (IS_ERR(disk))
		return disk;
	disk->flags |= GENHD_FL_NO_PART;
	return disk;
}

#endif
