// SPDX-License-Identifier: GPL-2.0
/*
 * Stub tree: a driver that parses cleanly only with the tree's include
 * paths: its private header (ccflags-y), the subsystem's (subdir-ccflags-y),
 * its trace header (-I$(src)) and a declaration only the tree's blkdev.h has.
 * Its init ignores add_disk()'s result: one finding.
 */
#include <linux/blkdev.h>
#include "gdstub_priv.h"
#include "gdstub_common.h"
#include "gdstub_trace.h"

static struct gdstub_dev gdstub;

static int __init gdstub_init(void)
{
	struct gendisk *disk = blk_alloc_disk(NULL, -1);

	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &gdstub;
	gdstub_trace_probe(GDSTUB_MINORS);
	blk_stub_tree_only(disk);
	gdstub.disk = disk;
	add_disk(disk);
	return 0;
}

static void __exit gdstub_exit(void)
{
	del_gendisk(gdstub.disk);
	put_disk(gdstub.disk);
}
