// SPDX-License-Identifier: GPL-2.0
/*
 * queue-limits: a setter on a disk's queue (not a local queue of the 5.x
 * shape) is left to gendisk-lint's removed-api, which knows that 6.1
 * still has it: nothing reported or changed here.
 * gendisk-cocci-kernel: 6.1
 */
#include <linux/module.h>
#include <linux/blkdev.h>

void fx_tune(struct gendisk *disk);
void fx_tune(struct gendisk *disk)
{
	blk_queue_logical_block_size(disk->queue, 4096);
}

MODULE_LICENSE("GPL");
