/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own wrappers: the only place where the block layer's
 * names appear (lt_main.c never spells them).  Drivers such as drbd and
 * rnbd keep their gendisk handling behind a local header the same way.
 */
#ifndef LT_DISK_H
#define LT_DISK_H

#include <linux/blkdev.h>

#define lt_new(node)		blk_alloc_disk(NULL, node)
#define lt_register(d)		add_disk(d)
#define lt_forget(d)		put_disk(d)

#endif
