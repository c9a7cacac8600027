// SPDX-License-Identifier: GPL-2.0
/*
 * A work item's function, not static: dpmod-units.c (the other file of the
 * module, Kbuild) runs it with the unit as its void * argument.  It stores
 * the disk in the unit before add_disk(); when that fails the disk is put
 * and the unit keeps it, and the module's exit (in the other file) deletes
 * and puts it again.  The unit is reached through a local that only copies
 * the parameter, and the reader is in another file: it is named, not
 * located.
 */
#include <linux/module.h>
#include "dpmod.h"

static void dp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dp_submit_bio,
};

void dp_unit_gdalloc(void *vp)
{
	struct dp_unit *u = vp;
	struct gendisk *gd;
	int err;

	gd = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(gd))
		return;
	u->gd = gd;
	gd->fops = &dp_fops;
	gd->private_data = u;
	snprintf(gd->disk_name, sizeof(gd->disk_name), "dpu%d", u->id);
	err = add_disk(gd);
	if (err)
		goto out_put;
	return;
out_put:
	put_disk(gd);
}

/*
 * check-name: put disk left in a unit another file of the module tears down
 *
 * check-output-start
fire-module-work-void-arg.c:42:2: warning: 'u->gd' left pointing to a put disk: the function returns without clearing it and dp_unit_free() (another file of the module) reads it [dangling-disk-pointer]
fire-module-work-void-arg.c:43:1: note: returns here with 'u->gd' still set
 * check-output-end
 */
