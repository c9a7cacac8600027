// SPDX-License-Identifier: GPL-2.0
/*
 * Stub tree: an object of the parent directory's module in a subdirectory
 * (gdstub_all-y += sub/gdstub_part.o): it gets the parent's ccflags-y.
 */
#include <linux/blkdev.h>
#include "gdstub_priv.h"

int gdstub_part_minors(struct gdstub_dev *dev)
{
	return dev->disk ? dev->disk->minors : 0;
}
