/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TDMOD2_H
#define TDMOD2_H

#include <linux/blkdev.h>

struct tdm2_dev {
	struct gendisk *disk;
	int id;
};

int tdm2_alloc_disk(struct tdm2_dev *dev);

#endif
