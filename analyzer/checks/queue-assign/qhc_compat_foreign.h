/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own compat header (fixture of fire-header-inline.c): its
 * wrapper allocates a disk with blk_mq_alloc_disk(), then a second queue,
 * and points the disk at that queue, 2.6 style.
 */
#ifndef QHC_COMPAT_FOREIGN_H
#define QHC_COMPAT_FOREIGN_H

#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static inline struct gendisk *qhc_alloc_disk(struct blk_mq_tag_set *set, void *data)
{
	struct gendisk *disk;
	struct request_queue *q;

	disk = blk_mq_alloc_disk(set, NULL, data);
	if (IS_ERR(disk))
		return disk;
	q = blk_mq_alloc_queue(set, NULL, data);
	if (IS_ERR(q)) {
		put_disk(disk);
		return ERR_CAST(q);
	}
	disk->queue = q;
	return disk;
}

#endif
