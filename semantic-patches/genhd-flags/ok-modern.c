// SPDX-License-Identifier: GPL-2.0
/*
 * genhd-flags: the 6.x flags and header: nothing to report or change.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static void __maybe_unused fx_set_flags(struct gendisk *disk)
{
	disk->flags |= GENHD_FL_NO_PART | GENHD_FL_REMOVABLE;
}
