// SPDX-License-Identifier: GPL-2.0
/*
 * genhd-removed-flags: the flags 6.1 and 6.12 have, set and tested;
 * nothing changes.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

void oc_setup(struct gendisk *disk);
void oc_setup(struct gendisk *disk)
{
	disk->flags |= GENHD_FL_REMOVABLE;
	disk->flags = GENHD_FL_NO_PART | GENHD_FL_REMOVABLE;
	if (disk->flags & GENHD_FL_HIDDEN)
		disk->flags &= ~GENHD_FL_HIDDEN;
}

MODULE_LICENSE("GPL");
