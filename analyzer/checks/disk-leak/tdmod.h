/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TDMOD_H
#define TDMOD_H

#include <linux/blkdev.h>
#include <linux/kref.h>

struct tdm_dev {
	struct gendisk *disk;
	struct kref ref;
};

int tdm_alloc_disk(struct tdm_dev *dev);
void tdm_release(struct kref *ref);

#endif
