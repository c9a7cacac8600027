// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of fire-module-work-void-arg.c: the same work function
 * (run by dqmod-units.c) clears the unit's field after put_disk(), so the
 * exit's flush finds no disk to delete.
 */
#include <linux/module.h>
#include "dpmod.h"

static void dq_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations dq_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= dq_submit_bio,
};

void dq_unit_gdalloc(void *vp)
{
	struct dp_unit *u = vp;
	struct gendisk *gd;
	int err;

	gd = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(gd))
		return;
	u->gd = gd;
	gd->fops = &dq_fops;
	gd->private_data = u;
	snprintf(gd->disk_name, sizeof(gd->disk_name), "dqu%d", u->id);
	err = add_disk(gd);
	if (err)
		goto out_put;
	return;
out_put:
	put_disk(gd);
	u->gd = NULL;
}

/*
 * check-name: the work function clears the field after the put
 */
