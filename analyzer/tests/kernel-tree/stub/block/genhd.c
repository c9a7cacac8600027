// SPDX-License-Identifier: GPL-2.0
/* Stub tree: a block layer file (not analysed unless --include-block-core). */
#include <linux/blkdev.h>

void put_disk(struct gendisk *disk)
{
	(void)disk;
}
