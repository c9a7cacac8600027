// SPDX-License-Identifier: GPL-2.0
/*
 * genhd-flags: 5.x flags and header, ported to 6.x by patch mode.
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/genhd.h>

static void __maybe_unused fx_set_flags(struct gendisk *disk, struct gendisk *other)
{
	disk->flags |= GENHD_FL_NO_PART_SCAN | GENHD_FL_EXT_DEVT;
	other->flags |= GENHD_FL_EXT_DEVT;
	other->flags |= GENHD_FL_REMOVABLE;
}
