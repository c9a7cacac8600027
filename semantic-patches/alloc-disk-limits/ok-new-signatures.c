// SPDX-License-Identifier: GPL-2.0
/*
 * alloc-disk-limits: the 6.9 signatures are left as they are.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct gendisk *fx_disk(struct blk_mq_tag_set *set, int node, void *data);
struct gendisk *fx_disk(struct blk_mq_tag_set *set, int node, void *data)
{
	struct queue_limits lim = { .logical_block_size = 4096 };

	if (!set)
		return blk_alloc_disk(&lim, node);
	return blk_mq_alloc_disk(set, NULL, data);
}

MODULE_LICENSE("GPL");
