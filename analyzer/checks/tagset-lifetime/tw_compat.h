/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The allocator wrapper of the tagset-lifetime fixtures fire-remove-compat-
 * wrapper.c, ok-compat-wrapper-remove-order.c and ok-compat-wrapper-alloc-
 * failure.c, kept in a local header as reference-driver/virtio's
 * gdvirtio_compat.h keeps gdv_alloc_disk(): the analyzer sees only the
 * call, never this body.
 */
#ifndef TW_COMPAT_H
#define TW_COMPAT_H

#include <linux/blkdev.h>
#include <linux/blk-mq.h>

static inline struct gendisk *tw_alloc_disk(struct blk_mq_tag_set *set, void *queuedata)
{
	struct queue_limits lim = {
		.logical_block_size	= 512,
		.physical_block_size	= 512,
	};

	return blk_mq_alloc_disk(set, &lim, queuedata);
}

#endif
