/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own wrappers: the only place where the block layer's
 * names appear (lt_incdir.c never spells them; this header is found only through -Ihdrs).  Drivers such as drbd and
 * rnbd keep their gendisk handling behind a local header the same way.
 */
#ifndef LT_HIDDEN_H
#define LT_HIDDEN_H

#include <linux/blkdev.h>

#define lt_new(node)		blk_alloc_disk(NULL, node)
#define lt_register(d)		add_disk(d)
#define lt_forget(d)		put_disk(d)

#endif
