// SPDX-License-Identifier: GPL-2.0
/*
 * queue-limits: a setter on a disk's queue (not a local queue of the 5.x
 * shape) is left to gendisk-lint's removed-api, which knows that 6.1
 * still has it, and so is one on a local queue variable reassigned since
 * its blk_mq_init_queue(): nothing reported or changed here.
 * gendisk-cocci-kernel: 6.1
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

void fx_tune(struct gendisk *disk);
void fx_tune(struct gendisk *disk)
{
	blk_queue_logical_block_size(disk->queue, 4096);
}

int fx_swap(struct blk_mq_tag_set *set, struct gendisk *disk);
int fx_swap(struct blk_mq_tag_set *set, struct gendisk *disk)
{
	struct request_queue *q;

	q = blk_mq_init_queue(set);
	if (IS_ERR(q))
		return PTR_ERR(q);
	blk_mq_destroy_queue(q);
	q = disk->queue;
	blk_queue_logical_block_size(q, 4096);
	return 0;
}

MODULE_LICENSE("GPL");
