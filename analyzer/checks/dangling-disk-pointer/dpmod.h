/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DPMOD_H
#define DPMOD_H

#include <linux/blkdev.h>
#include <linux/list.h>
#include <linux/workqueue.h>

/* The device of the modules dpmod and dqmod (Kbuild): listed at init, its
 * disk made by a work item, torn down by the flush of the other file. */
struct dp_unit {
	struct list_head node;
	struct work_struct work;
	struct gendisk *gd;
	int id;
};

void dp_unit_gdalloc(void *vp);
void dq_unit_gdalloc(void *vp);

#endif
