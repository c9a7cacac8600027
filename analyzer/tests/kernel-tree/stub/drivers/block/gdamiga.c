// SPDX-License-Identifier: GPL-2.0
/*
 * Stub tree: a driver of another architecture.  The tree's configuration
 * (CONFIG_GDSTUB=m only) does not build it, and its board header is not
 * there for x86: a degraded parse the summary counts apart.
 */
#include <linux/blkdev.h>
#include <asm/gdamiga_regs.h>

static struct gendisk *gdamiga_disk;

static int __init gdamiga_init(void)
{
	gdamiga_disk = blk_alloc_disk(NULL, GDAMIGA_NODE);
	if (IS_ERR(gdamiga_disk))
		return PTR_ERR(gdamiga_disk);
	return add_disk(gdamiga_disk);
}
