// SPDX-License-Identifier: GPL-2.0
/*
 * queue-flags --compat: the same setters through the compat header's
 * macros, which keep them on 6.1 and drop them on 6.12.
 * gendisk-cocci-flags: -D compat
 * gendisk-cocci-kernel: 6.1
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include "../gendisk_port_compat.h"

void qc_setup(struct request_queue *q);
void qc_setup(struct request_queue *q)
{
	blk_queue_flag_set(QUEUE_FLAG_NONROT, q);
	blk_queue_flag_clear(QUEUE_FLAG_ADD_RANDOM, q);
}

MODULE_LICENSE("GPL");
