// SPDX-License-Identifier: GPL-2.0
/*
 * queue-flags: flags 6.12 still has (QUEUE_FLAG_NOMERGES) are left
 * alone.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

void qk_setup(struct request_queue *q);
void qk_setup(struct request_queue *q)
{
	blk_queue_flag_set(QUEUE_FLAG_NOMERGES, q);
}

MODULE_LICENSE("GPL");
