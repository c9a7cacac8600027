// SPDX-License-Identifier: GPL-2.0
/*
 * Stub tree: a file under another architecture's arch/ directory, not
 * built for the tree's configuration (x86) whatever its Makefile says.
 */
#include <linux/blkdev.h>
#include <asm/gdm68k_regs.h>

static struct gendisk *gdm68k_disk;

static int __init gdm68k_init(void)
{
	gdm68k_disk = blk_alloc_disk(NULL, GDM68K_NODE);
	if (IS_ERR(gdm68k_disk))
		return PTR_ERR(gdm68k_disk);
	return add_disk(gdm68k_disk);
}
