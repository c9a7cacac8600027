/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own compat header (fixture of ok-header-inline.c): its
 * wrapper allocates a disk with blk_mq_alloc_disk() and only reads the
 * disk's queue, writing the same queue back (redundant, harmless).
 */
#ifndef QHC_COMPAT_OWN_H
#define QHC_COMPAT_OWN_H

#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static inline struct gendisk *qhc_alloc_disk(struct blk_mq_tag_set *set, void *data)
{
	struct gendisk *disk;
	struct request_queue *q;

	disk = blk_mq_alloc_disk(set, NULL, data);
	if (IS_ERR(disk))
		return disk;
	q = disk->queue;
	q->queuedata = data;
	disk->queue = q;
	return disk;
}

#endif
