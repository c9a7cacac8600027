/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own compat header (fixture of ok-61-header-inline.c): the
 * 6.1 wrapper tests blk_alloc_disk() for NULL, as 6.1 requires, and hands
 * the caller an ERR_PTR.
 */
#ifndef WDK_COMPAT_NULL_H
#define WDK_COMPAT_NULL_H

#include <linux/blkdev.h>

static inline struct gendisk *wdk_alloc_disk(int node)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(node);
	if (!disk)
		return ERR_PTR(-ENOMEM);
	disk->flags |= GENHD_FL_NO_PART;
	return disk;
}

#endif
