// SPDX-License-Identifier: GPL-2.0
/*
 * gdconf's configure: does blk_alloc_disk() take the queue limits (6.9
 * on)?  Compiled, never run, so it checks nothing it gets back: checkers
 * would flag it, which is why they must never see it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

void gdconf_probe(void);

void gdconf_probe(void)
{
	struct queue_limits lim = { .logical_block_size = 512 };
	struct gendisk *disk = blk_alloc_disk(&lim, NUMA_NO_NODE);

	add_disk(disk);
}

MODULE_LICENSE("GPL");
