// SPDX-License-Identifier: GPL-2.0
/*
 * removed-api: a driver that carries both blk_alloc_disk() forms, on
 * the kernel version: the one-argument call is the 6.0-6.8 branch's
 * and must stay (no patch, no report).
 */
#include <linux/module.h>
#include <linux/version.h>
#include <linux/blkdev.h>

static struct gendisk *vs_alloc(int node)
{
#if KERNEL_VERSION(6, 9, 0) <= LINUX_VERSION_CODE
	return blk_alloc_disk(NULL, node);
#else
	struct gendisk *disk = blk_alloc_disk(node);

	return disk ? disk : ERR_PTR(-ENOMEM);
#endif
}

struct gendisk *vs_probe(void);
struct gendisk *vs_probe(void)
{
	return vs_alloc(NUMA_NO_NODE);
}
