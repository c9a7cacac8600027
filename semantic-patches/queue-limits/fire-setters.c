// SPDX-License-Identifier: GPL-2.0
/*
 * queue-limits: the blk_queue_*() setters on a queue from
 * blk_mq_init_queue() move into a struct queue_limits set before the
 * allocation (removed-api then passes it to blk_mq_alloc_disk()).  6.1
 * still has blk_mq_init_queue(): the result is compiled there.
 * gendisk-cocci-kernel: 6.1
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

int fx_setup(struct blk_mq_tag_set *set, struct request_queue **qp);
int fx_setup(struct blk_mq_tag_set *set, struct request_queue **qp)
{
	struct request_queue *q;

	q = blk_mq_init_queue(set);
	if (IS_ERR(q))
		return PTR_ERR(q);
	blk_queue_logical_block_size(q, 4096);
	blk_queue_max_hw_sectors(q, 256);
	blk_queue_max_discard_sectors(q, 1024);
	blk_queue_write_cache(q, true, false);
	*qp = q;
	return 0;
}

MODULE_LICENSE("GPL");
