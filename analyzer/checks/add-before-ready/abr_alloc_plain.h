/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own compat header (fixture of fire-header-wrapper.c): its
 * wrapper returns the disk of blk_mq_alloc_disk() and sets nothing on it.
 */
#ifndef ABR_ALLOC_PLAIN_H
#define ABR_ALLOC_PLAIN_H

#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static inline struct gendisk *abr_alloc_disk(struct blk_mq_tag_set *set, void *data)
{
	return blk_mq_alloc_disk(set, NULL, data);
}

#endif
