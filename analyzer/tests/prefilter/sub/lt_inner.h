/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own wrappers: the only place where the block layer's
 * names appear (lt_nested.c never spells them; it reaches this header through lt_outer.h).  Drivers such as drbd and
 * rnbd keep their gendisk handling behind a local header the same way.
 */
#ifndef LT_INNER_H
#define LT_INNER_H

#include <linux/blkdev.h>

#define lt_new(node)		blk_alloc_disk(NULL, node)
#define lt_register(d)		add_disk(d)
#define lt_forget(d)		put_disk(d)

#endif
