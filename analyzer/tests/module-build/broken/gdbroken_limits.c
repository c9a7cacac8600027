// SPDX-License-Identifier: GPL-2.0
/*
 * The half of gdbroken not ported to 6.12: blk_queue_logical_block_size()
 * is gone there, so this file does not compile and the module does not
 * build (analyzer/tests/module-build/run: the fallback note names it).
 */
#include <linux/blkdev.h>

#include "gdbroken.h"

void gdbroken_set_limits(struct gendisk *disk)
{
	blk_queue_logical_block_size(disk->queue, 512);
}
